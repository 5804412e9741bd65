import type { ProviderName, ProviderSettings, WebviewMessage } from "@cairn/types"
import { UsageError } from "../cli/exitCodes.js"

/** The model used when --provider names a provider without --model. Ollama has no sensible default. */
export const defaultModels: Readonly<Partial<Record<ProviderName, string>>> = {
	anthropic: "claude-sonnet-4-5",
	openai: "gpt-4.1",
}

const envKeyNames: Readonly<Partial<Record<ProviderName, string>>> = {
	anthropic: "ANTHROPIC_API_KEY",
	openai: "OPENAI_API_KEY",
}

export interface ProviderFlags {
	provider: ProviderName | undefined
	model: string | undefined
	baseUrl: string | undefined
	apiKey: string | undefined
	mode: string | undefined
}

/**
 * The provider settings after the flags: --provider switches provider (keeping the stored model
 * and base URL only when it is the same provider), --model and --base-url change the stored one.
 * Returns undefined when the flags change nothing. Without any provider it is a usage error.
 */
export function providerAfterFlags(
	stored: ProviderSettings | undefined,
	flags: ProviderFlags,
): ProviderSettings | undefined {
	if (flags.provider !== undefined) {
		const same = stored?.provider === flags.provider ? stored : undefined
		const modelId = flags.model ?? same?.modelId ?? defaultModels[flags.provider]
		if (modelId === undefined)
			throw new UsageError(`--model is required with --provider ${flags.provider}`)
		const baseUrl = flags.baseUrl ?? same?.baseUrl
		return { ...same, provider: flags.provider, modelId, ...(baseUrl !== undefined && { baseUrl }) }
	}
	if (flags.model === undefined && flags.baseUrl === undefined) {
		if (stored === undefined)
			throw new UsageError(
				"no model provider is configured: pass --provider (anthropic, openai or ollama)",
			)
		return undefined
	}
	if (stored === undefined) {
		const flag = flags.model !== undefined ? "--model" : "--base-url"
		throw new UsageError(`${flag} needs --provider: no model provider is configured yet`)
	}
	return {
		...stored,
		...(flags.model !== undefined && { modelId: flags.model }),
		...(flags.baseUrl !== undefined && { baseUrl: flags.baseUrl }),
	}
}

/**
 * The key for a provider in this run: --api-key for the provider in use, else the provider's
 * environment variable; undefined leaves the stored key.
 */
export function runApiKey(
	provider: ProviderName,
	inUse: { provider: ProviderName | undefined; apiKey: string | undefined },
	env: NodeJS.ProcessEnv,
): string | undefined {
	if (provider === inUse.provider && inUse.apiKey !== undefined) return inUse.apiKey
	const variable = envKeyNames[provider]
	const value = variable === undefined ? undefined : env[variable]?.trim()
	return value ? value : undefined
}

/**
 * The protocol messages that apply the flags, as a settings panel would send them. The flags are
 * remembered in $CAIRN_HOME like the extension's settings, so the next run needs none of them;
 * keys from the environment are used for the run only and never stored.
 */
export function settingsMessages(
	stored: ProviderSettings | undefined,
	flags: ProviderFlags,
): WebviewMessage[] {
	const provider = providerAfterFlags(stored, flags)
	const effective = provider ?? stored
	const messages: WebviewMessage[] = []
	if (provider !== undefined) messages.push({ type: "updateSettings", settings: { provider } })
	if (flags.apiKey !== undefined && effective !== undefined)
		messages.push({ type: "updateApiKey", provider: effective.provider, apiKey: flags.apiKey })
	if (flags.mode !== undefined) messages.push({ type: "mode", mode: flags.mode })
	return messages
}
