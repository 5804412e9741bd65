import {
	sameProfileName,
	type BedrockAuthMethod,
	type ProviderName,
	type ProviderProfile,
	type ProviderSettings,
	type WebviewMessage,
} from "@cairn/types"
import { cliProviderNames } from "../cli/commandLine.js"
import { UsageError } from "../cli/exitCodes.js"
import { t } from "../i18n/cliI18n.js"

/** The model used when --provider names a provider without --model. Ollama has no sensible default. */
export const defaultModels: Readonly<Partial<Record<ProviderName, string>>> = {
	anthropic: "claude-sonnet-4-5",
	openai: "gpt-4.1",
	gemini: "gemini-2.5-pro",
}

const envKeyNames: Readonly<Partial<Record<ProviderName, string>>> = {
	anthropic: "ANTHROPIC_API_KEY",
	openai: "OPENAI_API_KEY",
	gemini: "GEMINI_API_KEY",
	openrouter: "OPENROUTER_API_KEY",
}

/** The Bedrock flags, named like the settings they set (settings.bedrock). */
export interface BedrockFlags {
	region: string | undefined
	auth: BedrockAuthMethod | undefined
	profile: string | undefined
	accessKeyId: string | undefined
}

type VertexSettings = NonNullable<ProviderSettings["vertex"]>
/** --vertex-project-id, --vertex-region, --vertex-credentials-file: any of them, on top of the stored ones. */
export type VertexFlags = Partial<VertexSettings>

export interface ProviderFlags {
	provider: ProviderName | undefined
	model: string | undefined
	baseUrl: string | undefined
	vertex?: VertexFlags | undefined
	contextWindow: number | undefined
	maxOutputTokens: number | undefined
	apiKey: string | undefined
	mode: string | undefined
	profile: string | undefined
	bedrock?: BedrockFlags
}

/** Overrides describe the model they were set for: another model starts without them. */
function forModel(provider: ProviderSettings, modelId: string): ProviderSettings {
	if (provider.modelId === modelId) return provider
	const { modelInfo: _otherModels, ...rest } = provider
	return { ...rest, modelId }
}

/** --context-window and --max-output-tokens on top of the model's stored overrides. */
function withWindowFlags(provider: ProviderSettings, flags: ProviderFlags): ProviderSettings {
	const { contextWindow, maxOutputTokens } = flags
	if (contextWindow === undefined && maxOutputTokens === undefined) return provider
	const modelInfo = {
		...provider.modelInfo,
		...(contextWindow !== undefined && { contextWindow }),
		...(maxOutputTokens !== undefined && { maxOutputTokens }),
	}
	if (
		modelInfo.contextWindow !== undefined &&
		modelInfo.maxOutputTokens !== undefined &&
		modelInfo.maxOutputTokens >= modelInfo.contextWindow
	)
		throw new UsageError(
			t("errors.maxOutputOverContext", {
				maxOutputTokens: modelInfo.maxOutputTokens,
				contextWindow: modelInfo.contextWindow,
			}),
		)
	return { ...provider, modelInfo }
}

/**
 * The provider settings after the flags: --provider switches provider (keeping the stored model
 * and base URL only when it is the same provider), --model and --base-url change the stored one,
 * --context-window and --max-output-tokens set the model's overrides (a new model drops the old
 * model's). Returns undefined when the flags change nothing. Without any provider it is a usage
 * error.
 */
export function providerAfterFlags(
	stored: ProviderSettings | undefined,
	flags: ProviderFlags,
): ProviderSettings | undefined {
	const model = withVertexFlags(modelAfterFlags(stored, flags), stored, flags.vertex)
	const provider = bedrockAfterFlags(model ?? stored, flags) ?? model
	const windowFlags = flags.contextWindow !== undefined || flags.maxOutputTokens !== undefined
	const base = provider ?? stored
	if (!windowFlags || base === undefined) return provider
	return withWindowFlags(base, flags)
}

/**
 * The Bedrock flags on top of the stored `bedrock` settings. The way to sign in follows from the
 * flags when --aws-auth is not given: an access key id or a profile name says which, else what is
 * stored, else an API key when one is given, else the SDK's chain. Undefined when nothing changes.
 */
function bedrockAfterFlags(
	provider: ProviderSettings | undefined,
	flags: ProviderFlags,
): ProviderSettings | undefined {
	const given = Object.fromEntries(
		Object.entries(flags.bedrock ?? {}).filter(([, value]) => value !== undefined),
	) as Partial<BedrockFlags>
	if (provider?.provider !== "bedrock") {
		if (Object.keys(given).length > 0) throw new UsageError(t("errors.bedrockFlags"))
		return undefined
	}
	const stored = provider.bedrock
	if (Object.keys(given).length === 0 && stored !== undefined) return undefined
	const region = given.region ?? stored?.region
	if (region === undefined) throw new UsageError(t("errors.bedrockRegion"))
	const auth =
		given.auth ??
		(given.accessKeyId !== undefined
			? "accessKeys"
			: given.profile !== undefined
				? "profile"
				: (stored?.auth ?? (flags.apiKey !== undefined ? "apiKey" : "defaultChain")))
	const accessKeyId = given.accessKeyId ?? stored?.accessKeyId
	const profile = given.profile ?? stored?.profile
	if (auth === "accessKeys" && accessKeyId === undefined) throw new UsageError(t("errors.accessKeysNeedId"))
	return {
		...provider,
		bedrock: {
			...stored,
			region,
			auth,
			...(accessKeyId !== undefined && { accessKeyId }),
			...(profile !== undefined && { profile }),
		},
	}
}

/** The Vertex flags over the stored Vertex settings; Vertex cannot be used without a project and a region. */
function withVertexFlags(
	changed: ProviderSettings | undefined,
	stored: ProviderSettings | undefined,
	flags: VertexFlags | undefined,
): ProviderSettings | undefined {
	const provider = changed ?? stored
	if (provider?.provider !== "vertex") {
		if (flags !== undefined) throw new UsageError(t("errors.vertexFlags"))
		return changed
	}
	if (flags === undefined && changed === undefined) return undefined
	const vertex = { ...provider.vertex, ...flags }
	const { projectId, region } = vertex
	if (projectId === undefined || region === undefined) throw new UsageError(t("errors.vertexNeeds"))
	return { ...provider, vertex: { ...vertex, projectId, region } }
}

function modelAfterFlags(
	stored: ProviderSettings | undefined,
	flags: ProviderFlags,
): ProviderSettings | undefined {
	if (flags.provider !== undefined) {
		const same = stored?.provider === flags.provider ? stored : undefined
		const modelId = flags.model ?? same?.modelId ?? defaultModels[flags.provider]
		if (modelId === undefined)
			throw new UsageError(t("errors.modelRequired", { provider: flags.provider }))
		const baseUrl = flags.baseUrl ?? same?.baseUrl
		return {
			...(same && forModel(same, modelId)),
			provider: flags.provider,
			modelId,
			...(baseUrl !== undefined && { baseUrl }),
		}
	}
	if (flags.model === undefined && flags.baseUrl === undefined) {
		if (stored === undefined)
			throw new UsageError(t("errors.noProvider", { providers: cliProviderNames.join(", ") }))
		return undefined
	}
	if (stored === undefined) {
		const flag = flags.model !== undefined ? "--model" : "--base-url"
		throw new UsageError(t("errors.flagNeedsProvider", { flag }))
	}
	return {
		...(flags.model !== undefined ? forModel(stored, flags.model) : stored),
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
 * The messages that pick what the provider flags then apply to: the mode (which may bring the
 * profile it remembers), then --profile, which wins. An unknown profile is a usage error that
 * lists the saved ones.
 */
export function selectionMessages(
	profiles: readonly ProviderProfile[],
	flags: Pick<ProviderFlags, "mode" | "profile">,
): WebviewMessage[] {
	const messages: WebviewMessage[] = []
	if (flags.mode !== undefined) messages.push({ type: "mode", mode: flags.mode })
	if (flags.profile === undefined) return messages
	const name = flags.profile
	const profile = profiles.find((saved) => sameProfileName(saved.name, name))
	if (profile === undefined)
		throw new UsageError(
			profiles.length === 0
				? t("errors.noProfileYet", { name })
				: t("errors.noProfile", { name, profiles: profiles.map((p) => p.name).join(", ") }),
		)
	messages.push({ type: "selectProfile", profileId: profile.id })
	return messages
}

/**
 * The protocol messages that apply the provider flags to the profile in effect, as a settings
 * panel would send them. The flags are remembered in $CAIRN_HOME like the extension's settings,
 * so the next run needs none of them; keys from the environment are used for the run only and
 * never stored.
 */
export function settingsMessages(
	stored: ProviderSettings | undefined,
	flags: ProviderFlags,
): WebviewMessage[] {
	const provider = providerAfterFlags(stored, flags)
	const effective = provider ?? stored
	const messages: WebviewMessage[] = []
	if (provider !== undefined) messages.push({ type: "updateTrustSettings", settings: { provider } })
	if (flags.apiKey !== undefined && effective !== undefined)
		messages.push({ type: "updateApiKey", provider: effective.provider, apiKey: flags.apiKey })
	return messages
}
