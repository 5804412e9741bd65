import { providerSettingsSchema, type ImportSkipReason, type ProviderSettings } from "@cairn/types"
import { z } from "zod"

/** One Roo provider profile as Cairn takes it: its settings and the key to keep in secret storage. */
export type RooProfileOutcome =
	| { ok: true; provider: ProviderSettings; key?: string }
	| { ok: false; skipped: ImportSkipReason; detail?: string }

const field = z.string().trim().max(10_000).optional()

/** The fields of a Roo profile Cairn reads (names as Roo's export writes them). */
const rooApiConfigSchema = z.object({
	id: z.string().max(200).optional(),
	apiProvider: z.string().max(100).optional(),
	apiModelId: field,
	apiKey: field,
	anthropicBaseUrl: field,
	openAiBaseUrl: field,
	openAiApiKey: field,
	openAiModelId: field,
	openAiHeaders: z.record(z.string(), z.string()).optional(),
	openAiUseAzure: z.boolean().optional(),
	openAiNativeApiKey: field,
	openAiNativeBaseUrl: field,
	openRouterApiKey: field,
	openRouterModelId: field,
	openRouterBaseUrl: field,
	ollamaModelId: field,
	ollamaBaseUrl: field,
	ollamaApiKey: field,
	lmStudioModelId: field,
	lmStudioBaseUrl: field,
	geminiApiKey: field,
	googleGeminiBaseUrl: field,
	awsRegion: field,
	awsAccessKey: field,
	awsSecretKey: field,
	awsApiKey: field,
	awsUseApiKey: z.boolean().optional(),
	awsProfile: field,
	awsUseProfile: z.boolean().optional(),
	awsUsePromptCache: z.boolean().optional(),
	vertexProjectId: field,
	vertexRegion: field,
	vertexKeyFile: field,
	vsCodeLmModelSelector: z.object({ vendor: field, family: field, id: field }).optional(),
	modelTemperature: z.number().nullish(),
})
export type RooApiConfig = z.infer<typeof rooApiConfigSchema>

/** Roo's stable id of a profile, when its export has one. */
export function rooProfileId(raw: unknown): string | undefined {
	const parsed = rooApiConfigSchema.safeParse(raw)
	return parsed.success ? parsed.data.id : undefined
}

type Mapped = { provider: Record<string, unknown>; key?: string | undefined }

/** Each Roo provider Cairn speaks, and where its model, endpoint and key are in Roo's fields. */
const mappings: Record<string, (c: RooApiConfig) => Mapped> = {
	anthropic: (c) => ({
		provider: { provider: "anthropic", modelId: c.apiModelId, baseUrl: c.anthropicBaseUrl },
		key: c.apiKey,
	}),
	openai: (c) => ({
		provider: {
			provider: "openai",
			modelId: c.openAiModelId,
			baseUrl: c.openAiBaseUrl,
			headers: c.openAiHeaders,
		},
		key: c.openAiApiKey,
	}),
	"openai-native": (c) => ({
		provider: { provider: "openai", modelId: c.apiModelId, baseUrl: c.openAiNativeBaseUrl },
		key: c.openAiNativeApiKey,
	}),
	openrouter: (c) => ({
		provider: { provider: "openrouter", modelId: c.openRouterModelId, baseUrl: c.openRouterBaseUrl },
		key: c.openRouterApiKey,
	}),
	ollama: (c) => ({
		provider: { provider: "ollama", modelId: c.ollamaModelId, baseUrl: c.ollamaBaseUrl },
		key: c.ollamaApiKey,
	}),
	lmstudio: (c) => ({
		provider: { provider: "lmstudio", modelId: c.lmStudioModelId, baseUrl: c.lmStudioBaseUrl },
	}),
	gemini: (c) => ({
		provider: { provider: "gemini", modelId: c.apiModelId, baseUrl: c.googleGeminiBaseUrl },
		key: c.geminiApiKey,
	}),
	bedrock: (c) => {
		const auth = c.awsUseApiKey
			? "apiKey"
			: c.awsUseProfile
				? "profile"
				: c.awsAccessKey
					? "accessKeys"
					: "defaultChain"
		return {
			provider: {
				provider: "bedrock",
				modelId: c.apiModelId,
				bedrock: {
					region: c.awsRegion,
					auth,
					...(auth === "accessKeys" && { accessKeyId: c.awsAccessKey }),
					...(auth === "profile" && c.awsProfile && { profile: c.awsProfile }),
					...(c.awsUsePromptCache !== undefined && { promptCache: c.awsUsePromptCache }),
				},
			},
			key: auth === "apiKey" ? c.awsApiKey : auth === "accessKeys" ? c.awsSecretKey : undefined,
		}
	},
	vertex: (c) => ({
		provider: {
			provider: "vertex",
			modelId: c.apiModelId,
			vertex: {
				projectId: c.vertexProjectId,
				region: c.vertexRegion,
				credentialsFile: c.vertexKeyFile,
			},
		},
	}),
	"vscode-lm": (c) => ({
		provider: {
			provider: "vscode-lm",
			modelId: c.vsCodeLmModelSelector?.id ?? c.vsCodeLmModelSelector?.family,
			vscodeLm: { vendor: c.vsCodeLmModelSelector?.vendor, family: c.vsCodeLmModelSelector?.family },
		},
	}),
}

/** Drops empty strings and undefined values, so an unset Roo field is no Cairn field either. */
function compact(value: unknown): unknown {
	if (Array.isArray(value) || value === null || typeof value !== "object") return value
	const entries = Object.entries(value)
		.filter(([, v]) => v !== undefined && v !== "")
		.map(([k, v]) => [k, compact(v)])
	return Object.fromEntries(entries)
}

/** A Roo profile as a Cairn provider and key, or why it cannot be one. The key is never in `detail`. */
export function rooProfile(raw: unknown): RooProfileOutcome {
	const parsed = rooApiConfigSchema.safeParse(raw)
	if (!parsed.success)
		return { ok: false, skipped: "invalid", detail: parsed.error.issues.map(issueText).join("; ") }
	const config = parsed.data
	const name = config.apiProvider ?? "anthropic"
	// Azure OpenAI takes deployments and API versions that Cairn's OpenAI provider does not send.
	if (name === "openai" && config.openAiUseAzure === true)
		return { ok: false, skipped: "unsupported_provider", detail: "openai (Azure)" }
	const map = mappings[name]
	if (map === undefined) return { ok: false, skipped: "unsupported_provider", detail: name }
	const mapped = map(config)
	const provider = compact(mapped.provider) as Record<string, unknown>
	if (typeof provider.modelId !== "string") return { ok: false, skipped: "no_model" }
	if (typeof config.modelTemperature === "number") provider.temperature = config.modelTemperature
	const checked = providerSettingsSchema.safeParse(provider)
	if (!checked.success)
		return { ok: false, skipped: "invalid", detail: checked.error.issues.map(issueText).join("; ") }
	return { ok: true, provider: checked.data, ...(mapped.key && { key: mapped.key }) }
}

/** A validator's words about a field, without the value it saw (which may be a key). */
const issueText = (issue: z.core.$ZodIssue) => `${issue.path.join(".") || "profile"}: ${issue.message}`
