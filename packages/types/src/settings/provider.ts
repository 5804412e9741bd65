import { z } from "zod"

/**
 * The providers Cairn talks to, each through its own SDK. `openai` covers every OpenAI-compatible
 * endpoint; `openrouter` and `lmstudio` speak that format too but have their own defaults,
 * discovery and accounting; `vscode-lm` is the editor's Language Model API (extension only).
 */
export const providerNames = [
	"anthropic",
	"openai",
	"ollama",
	"gemini",
	"bedrock",
	"vertex",
	"openrouter",
	"lmstudio",
	"vscode-lm",
] as const
export const providerNameSchema = z.enum(providerNames)
export type ProviderName = z.infer<typeof providerNameSchema>

/** What a model can do and what it costs, for token accounting and context management. */
export const modelInfoSchema = z.object({
	contextWindow: z.number().int().positive(),
	maxOutputTokens: z.number().int().positive(),
	/** US dollars per million tokens. */
	inputPrice: z.number().nonnegative(),
	outputPrice: z.number().nonnegative(),
	cacheWritesPrice: z.number().nonnegative().optional(),
	cacheReadsPrice: z.number().nonnegative().optional(),
	/**
	 * Nobody knows what this model costs (an id Cairn's catalog lacks, no price set for it): its
	 * requests' cost is shown as "price unknown", never as $0.00.
	 */
	priceUnknown: z.boolean().optional(),
	/** The day the catalog's prices were checked against the provider's published list (YYYY-MM-DD). */
	pricesCheckedOn: z.iso.date().optional(),
	supportsImages: z.boolean(),
	supportsPromptCache: z.boolean(),
	supportsReasoning: z.boolean(),
})
export type ModelInfo = z.infer<typeof modelInfoSchema>

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })

/** How Cairn signs in to AWS Bedrock; see `bedrock.auth`. */
export const bedrockAuthMethods = ["apiKey", "accessKeys", "profile", "defaultChain"] as const
export type BedrockAuthMethod = (typeof bedrockAuthMethods)[number]

/**
 * Which model to talk to and where. API keys are deliberately absent: they live in the host's
 * secret storage, never in settings, logs or task files.
 */
export const providerSettingsSchema = z.object({
	provider: providerNameSchema,
	modelId: z.string().min(1, "a model id is required"),
	/** Overrides the provider's default endpoint (a proxy, LM Studio, vLLM, a test server). */
	baseUrl: httpUrl.optional(),
	/** Extra HTTP headers, e.g. for OpenAI-compatible gateways. */
	headers: z.record(z.string(), z.string()).optional(),
	/** Overrides of the model's known info, for models Cairn does not know. */
	modelInfo: modelInfoSchema.partial().optional(),
	/** Budget for the model's reasoning, where the provider supports one. */
	reasoningBudgetTokens: z.number().int().nonnegative().optional(),
	temperature: z.number().min(0).max(2).optional(),
	/** AWS Bedrock: where and as whom. The secret half (an API key or secret access key) is the profile's key. */
	bedrock: z
		.object({
			region: z.string().min(1, "an AWS region is required"),
			/** `apiKey`: a Bedrock API key; `accessKeys`: an access key id here and its secret as the key; `profile`: a named profile of ~/.aws; `defaultChain`: the SDK's own search (environment, SSO, instance role). */
			auth: z.enum(bedrockAuthMethods),
			accessKeyId: z.string().min(1).optional(),
			profile: z.string().min(1).optional(),
			/** Adds cache points to the system prompt and recent messages, for models that take them. */
			promptCache: z.boolean().optional(),
		})
		.optional(),
	/** Google Vertex AI: Claude or Gemini models in a Google Cloud project. */
	vertex: z
		.object({
			projectId: z.string().min(1, "a Google Cloud project id is required"),
			region: z.string().min(1, "a region is required"),
			/** A service account's JSON key file; without it, Application Default Credentials. */
			credentialsFile: z.string().min(1).optional(),
		})
		.optional(),
	/** OpenRouter's provider routing. */
	openRouter: z
		.object({
			/** Providers to try first, by OpenRouter's slug (e.g. "anthropic", "together"). */
			order: z.array(z.string().min(1)).optional(),
			allowFallbacks: z.boolean().optional(),
			dataCollection: z.enum(["allow", "deny"]).optional(),
		})
		.optional(),
	/** The VS Code Language Model API: which of the editor's chat models (`modelId` is its id). */
	vscodeLm: z
		.object({
			vendor: z.string().min(1).optional(),
			family: z.string().min(1).optional(),
		})
		.optional(),
})
export type ProviderSettings = z.infer<typeof providerSettingsSchema>
export type BedrockSettings = NonNullable<ProviderSettings["bedrock"]>
