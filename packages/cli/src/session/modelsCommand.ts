import { ExitCode, hostText, jsonLine, listModels, testConnection } from "@cairn/core"
import type { ListedModel, ProviderName } from "@cairn/types"
import type { RunOptions } from "../cli/runOptions.js"
import { cliUiLanguage, numberFormat, t } from "../i18n/cliI18n.js"
import { formatColumns } from "../output/table.js"
import { createRuntime, type RuntimeSetup } from "./CliRuntime.js"

export type ModelsAction = "list" | "test"

/** "200k" for a window, "$3 / $15" for prices per million: what a person compares models by. */
function tokensText(count: number | undefined): string {
	if (count === undefined) return "?"
	return count >= 1_000
		? `${numberFormat().format(Math.round(count / 1_000))}k`
		: numberFormat().format(count)
}

function priceText(info: ListedModel["info"]): string {
	if (info.inputPrice === undefined || info.outputPrice === undefined) return ""
	const dollars = numberFormat({
		style: "currency",
		currency: "USD",
		minimumFractionDigits: 0,
		maximumFractionDigits: 4,
	})
	return t("models.prices", {
		input: dollars.format(info.inputPrice),
		output: dollars.format(info.outputPrice),
	})
}

/** One line a model: id, context window, output cap, prices, and the name where it differs. */
export function formatModelList(
	provider: ProviderName,
	models: readonly ListedModel[],
	format: RunOptions["outputFormat"],
): string {
	if (format !== "text") return jsonLine({ provider, models })
	if (models.length === 0) return `${t("models.none")}\n`
	// Empty cells stay, so each column lines up; formatColumns trims the line's end.
	const lines = formatColumns(
		models.map((model) => [
			model.id,
			t("models.context", { tokens: tokensText(model.info.contextWindow) }),
			t("models.output", { tokens: tokensText(model.info.maxOutputTokens) }),
			priceText(model.info),
			model.supportsTools === false ? t("models.noTools") : "",
			model.name ?? "",
		]),
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
		if (settings === undefined) throw new Error(t("models.noProvider"))
		const key = await rt.apiKey(settings.provider)
		if (action === "test") {
			// JSON keeps its fields in every language; its message, like the text output's, is for a person.
			const result = await testConnection(settings, key, {}, hostText(cliUiLanguage()))
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
