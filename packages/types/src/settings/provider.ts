import { z } from "zod"

/** The wire formats Cairn speaks. `openai` covers every OpenAI-compatible endpoint. */
export const providerNames = ["anthropic", "openai", "ollama"] as const
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
	supportsImages: z.boolean(),
	supportsPromptCache: z.boolean(),
	supportsReasoning: z.boolean(),
})
export type ModelInfo = z.infer<typeof modelInfoSchema>

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })

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
})
export type ProviderSettings = z.infer<typeof providerSettingsSchema>
