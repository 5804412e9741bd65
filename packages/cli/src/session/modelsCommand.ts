import { ExitCode, jsonLine, listModels, testConnection } from "@cairn/core"
import type { ListedModel, ProviderName } from "@cairn/types"
import type { RunOptions } from "../cli/runOptions.js"
import { createRuntime, type RuntimeSetup } from "./CliRuntime.js"

export type ModelsAction = "list" | "test"

/** "200k" for a window, "$3 / $15" for prices per million: what a person compares models by. */
function tokensText(count: number | undefined): string {
	if (count === undefined) return "?"
	return count >= 1_000 ? `${Math.round(count / 1_000)}k` : String(count)
}

function priceText(info: ListedModel["info"]): string {
	if (info.inputPrice === undefined || info.outputPrice === undefined) return ""
	return `$${info.inputPrice} / $${info.outputPrice} per M`
}

/** One line a model: id, context window, output cap, prices, and the name where it differs. */
export function formatModelList(
	provider: ProviderName,
	models: readonly ListedModel[],
	format: RunOptions["outputFormat"],
): string {
	if (format !== "text") return jsonLine({ provider, models })
	if (models.length === 0) return "The provider lists no models.\n"
	const width = Math.max(...models.map((model) => model.id.length))
	const lines = models.map((model) =>
		[
			model.id.padEnd(width),
			`context ${tokensText(model.info.contextWindow)}`.padEnd(13),
			`output ${tokensText(model.info.maxOutputTokens)}`.padEnd(12),
			priceText(model.info),
			model.supportsTools === false ? "(no tools)" : "",
			model.name ?? "",
		]
			.filter((cell) => cell.trim() !== "")
			.join("  "),
	)
	return `${lines.join("\n")}\n`
}

/**
 * `cairn models list` and `cairn models test`: the provider in effect after the flags (and
 * --profile), with the key a run would use (--api-key, the provider's environment variable, or
 * the saved one). A failed listing or test exits 1 with the provider's precise reason on stderr.
 */
export async function runModelsCommand(
	action: ModelsAction,
	options: RunOptions,
	setup: Omit<RuntimeSetup, "write" | "color" | "stderrLogs">,
	io: { stdout: (text: string) => void; stderr: (text: string) => void },
): Promise<number> {
	const rt = await createRuntime(options, { ...setup, write: () => {}, color: false, stderrLogs: true })
	try {
		const settings = rt.client.state.settings?.provider
		if (settings === undefined) throw new Error("no model provider is configured")
		const key = await rt.apiKey(settings.provider)
		if (action === "test") {
			const result = await testConnection(settings, key)
			if (options.outputFormat !== "text") io.stdout(jsonLine(result))
			else (result.ok ? io.stdout : io.stderr)(`${result.message}\n`)
			return result.ok ? ExitCode.completed : ExitCode.failed
		}
		try {
			io.stdout(
				formatModelList(settings.provider, await listModels(settings, key), options.outputFormat),
			)
			return ExitCode.completed
		} catch (error) {
			io.stderr(`cairn: ${error instanceof Error ? error.message : String(error)}\n`)
			return ExitCode.failed
		}
	} finally {
		await rt.dispose()
	}
}
