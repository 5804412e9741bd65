import type { ProviderSettings } from "./provider.js"
import type { WebviewMessageType } from "../webview/webviewMessage.js"
import type { CairnSettings, CairnSettingsPatch } from "./settings.js"

/**
 * Which settings only the person may change. A trust setting decides what runs without a person
 * (auto-approval, allowed and denied commands, the sandbox, hooks, the browser program) or where
 * Cairn's requests and their keys go (the provider's endpoint, keys, the condensing and embedding
 * models). The person changes them in the Settings view, the chat's auto-approval controls, their
 * own settings file or the CLI's flags; the API, the IPC socket and a client's generic
 * `updateSettings` never can. Every setting is classified here, so a new one cannot be added
 * without deciding (the compiler checks the list is complete).
 */
const settingTrust = {
	provider: "endpoint",
	mode: "everyday",
	autoApproval: "trust",
	// A program that raised or removed them would spend the person's money.
	budgets: "trust",
	allowedCommands: "trust",
	deniedCommands: "trust",
	commandTimeoutSec: "everyday",
	commandSandbox: "trust",
	commandSandboxNetwork: "trust",
	// Passes variables (keys among them) to commands; a program could also empty the person's list of hidden paths.
	commandEnvironment: "trust",
	commandSandboxHiddenPaths: "trust",
	browserExecutablePath: "trust",
	browserViewportSize: "everyday",
	consecutiveMistakeLimit: "everyday",
	requestRetries: "everyday",
	requestIdleTimeoutMs: "everyday",
	autoCondenseContext: "everyday",
	autoCondenseContextPercent: "everyday",
	condensingProvider: "trust",
	enableCheckpoints: "everyday",
	checkpointFileSizeLimitMB: "everyday",
	// Where Cairn checks out and writes whole trees of files: a program could point it at the person's folders.
	worktreesFolder: "trust",
	maxConcurrentTasks: "everyday",
	customInstructions: "everyday",
	// Turns sources of rules off or on: the repository's files are read as data either way.
	disabledInstructionFiles: "everyday",
	// Turns skills off or on: reading one is data either way, and running its scripts asks as any command does.
	disabledSkills: "everyday",
	// Points modes at profiles the person saved (unknown ids are dropped); it creates none.
	modeProfiles: "everyday",
	// Old clients' form: it creates profiles, with any endpoint.
	modeProviders: "trust",
	language: "everyday",
	hooks: "trust",
	codebaseIndex: "embedding",
	// Where a record of the person's tasks (and, if they allow it, their contents) is sent.
	telemetry: "trust",
	apiKey: "trust",
} as const satisfies Record<
	keyof CairnSettingsPatch | "apiKey",
	"trust" | "everyday" | "endpoint" | "embedding"
>

/** Choosing a model on the same endpoint; any other provider field changes where requests go. */
const modelChoiceFields = new Set<string>(["modelId", "modelInfo", "reasoningBudgetTokens", "temperature"])

/** A stable text of a JSON value: object keys sorted, so equal settings compare equal. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`
	if (value !== null && typeof value === "object")
		return `{${Object.keys(value)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
			.join(",")}}`
	return JSON.stringify(value) ?? "undefined"
}

/** The provider fields `next` changes that are not the model's choice, as `provider.<field>`. */
function endpointChanges(next: ProviderSettings, current: ProviderSettings | undefined): string[] {
	if (current === undefined) return ["provider"]
	const fields = new Set([...Object.keys(next), ...Object.keys(current)])
	return [...fields]
		.filter((field) => !modelChoiceFields.has(field))
		.filter(
			(field) =>
				canonical((next as Record<string, unknown>)[field]) !==
				canonical((current as Record<string, unknown>)[field]),
		)
		.map((field) => `provider.${field}`)
}

/**
 * The trust settings `patch` would change, by name (`commandSandbox`, `autoApproval.execute`,
 * `provider.baseUrl`, `apiKey`); empty when it changes none. `current` is what is in effect now:
 * a provider change that only picks another model on the same endpoint is not a trust change.
 */
export function trustSettingsIn(
	patch: CairnSettingsPatch & { apiKey?: string | undefined },
	current: Pick<CairnSettings, "provider">,
): string[] {
	const names: string[] = []
	for (const [key, value] of Object.entries(patch)) {
		if (value === undefined) continue
		switch (settingTrust[key as keyof typeof settingTrust]) {
			case "everyday":
				break
			case "endpoint":
				names.push(...endpointChanges(value as ProviderSettings, current.provider))
				break
			case "embedding":
				if ((value as { embedding?: unknown }).embedding !== undefined) names.push(`${key}.embedding`)
				break
			case "trust":
				if (key === "autoApproval")
					names.push(...Object.keys(value as object).map((field) => `${key}.${field}`))
				else names.push(key)
				break
			default:
				// Not in the list (a patch from a newer client): only the person may.
				names.push(key)
		}
	}
	return names
}

/** The refusal a program gets for `names`, said once for every path (API, IPC, a generic update). */
export function trustSettingsRefusal(names: readonly string[]): string {
	return `${names.join(", ")} ${names.length === 1 ? "is a trust setting" : "are trust settings"} (what runs without asking, or where requests and keys go): only the person changes them, in Cairn's Settings view or their own settings file. Nothing was changed.`
}

/**
 * The client messages that change trust settings, keys, profiles or MCP trust: sent by the
 * person's own controls only. A program (the API, the IPC socket) never sends them unless the
 * person let programs change trust settings.
 */
export const personOnlyMessageTypes: ReadonlySet<WebviewMessageType> = new Set<WebviewMessageType>([
	"updateTrustSettings",
	// Adds to the allowed commands.
	"alwaysAllowCommand",
	"updateApiKey",
	"updateCodebaseIndexKey",
	"createProfile",
	"renameProfile",
	"deleteProfile",
	"importProfiles",
	// Brings keys, auto-approval and command rules from another tool's files.
	"importFromRoo",
	"importClaudeRules",
	"toggleToolAlwaysAllow",
	"toggleMcpServer",
	"deleteMcpServer",
	// Starts a program of the person's choosing.
	"addMcpServer",
])
