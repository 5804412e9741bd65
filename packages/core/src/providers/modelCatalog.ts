import type { ModelInfo, ProviderName } from "@cairn/types"

type Prices = Pick<ModelInfo, "inputPrice" | "outputPrice" | "cacheWritesPrice" | "cacheReadsPrice">

function claude(contextWindow: number, maxOutputTokens: number, prices: Prices): ModelInfo {
	return {
		contextWindow,
		maxOutputTokens,
		...prices,
		supportsImages: true,
		supportsPromptCache: true,
		supportsReasoning: true,
	}
}

// OpenAI caches prompts automatically and bills cache writes as plain input, so only a read
// price is listed (requestCost falls back to the input price for writes).
function gpt(
	contextWindow: number,
	maxOutputTokens: number,
	prices: Omit<Prices, "cacheWritesPrice">,
	supportsReasoning: boolean,
): ModelInfo {
	return {
		contextWindow,
		maxOutputTokens,
		...prices,
		supportsImages: true,
		supportsPromptCache: true,
		supportsReasoning,
	}
}

/** US dollars per million tokens, as the providers publish them (5-minute cache writes). */
const anthropicModels: Record<string, ModelInfo> = {
	"claude-fable-5-1": claude(1_000_000, 128_000, {
		inputPrice: 10,
		outputPrice: 50,
		cacheWritesPrice: 12.5,
		cacheReadsPrice: 0.25,
	}),
	"claude-opus-5-5": claude(1_000_000, 128_000, {
		inputPrice: 4,
		outputPrice: 20,
		cacheWritesPrice: 5,
		cacheReadsPrice: 0.2,
	}),
	"claude-sonnet-5-5": claude(1_000_000, 128_000, {
		inputPrice: 2,
		outputPrice: 10,
		cacheWritesPrice: 2.5,
		cacheReadsPrice: 0.2,
	}),
	"claude-opus-5": claude(1_000_000, 128_000, {
		inputPrice: 5,
		outputPrice: 25,
		cacheWritesPrice: 6.25,
		cacheReadsPrice: 0.5,
	}),
	"claude-sonnet-5": claude(1_000_000, 128_000, {
		inputPrice: 2,
		outputPrice: 10,
		cacheWritesPrice: 2.5,
		cacheReadsPrice: 0.2,
	}),
	"claude-opus-4-6": claude(1_000_000, 128_000, {
		inputPrice: 5,
		outputPrice: 25,
		cacheWritesPrice: 6.25,
		cacheReadsPrice: 0.5,
	}),
	"claude-opus-4-5": claude(200_000, 64_000, {
		inputPrice: 5,
		outputPrice: 25,
		cacheWritesPrice: 6.25,
		cacheReadsPrice: 0.5,
	}),
	"claude-sonnet-4-5": claude(200_000, 64_000, {
		inputPrice: 3,
		outputPrice: 15,
		cacheWritesPrice: 3.75,
		cacheReadsPrice: 0.3,
	}),
	"claude-haiku-4-5": claude(200_000, 64_000, {
		inputPrice: 1,
		outputPrice: 5,
		cacheWritesPrice: 1.25,
		cacheReadsPrice: 0.1,
	}),
}

const openaiModels: Record<string, ModelInfo> = {
	"gpt-5.4": gpt(1_050_000, 128_000, { inputPrice: 2.5, outputPrice: 15, cacheReadsPrice: 0.25 }, true),
	"gpt-5.2": gpt(400_000, 128_000, { inputPrice: 1.75, outputPrice: 14, cacheReadsPrice: 0.175 }, true),
	"gpt-5.1": gpt(400_000, 128_000, { inputPrice: 1.25, outputPrice: 10, cacheReadsPrice: 0.125 }, true),
	"gpt-5": gpt(400_000, 128_000, { inputPrice: 1.25, outputPrice: 10, cacheReadsPrice: 0.125 }, true),
	"gpt-5-mini": gpt(400_000, 128_000, { inputPrice: 0.25, outputPrice: 2, cacheReadsPrice: 0.025 }, true),
	"gpt-5-nano": gpt(400_000, 128_000, { inputPrice: 0.05, outputPrice: 0.4, cacheReadsPrice: 0.005 }, true),
	"gpt-4.1": gpt(1_047_576, 32_768, { inputPrice: 2, outputPrice: 8, cacheReadsPrice: 0.5 }, false),
	"gpt-4.1-mini": gpt(
		1_047_576,
		32_768,
		{ inputPrice: 0.4, outputPrice: 1.6, cacheReadsPrice: 0.1 },
		false,
	),
	"gpt-4o": gpt(128_000, 16_384, { inputPrice: 2.5, outputPrice: 10, cacheReadsPrice: 1.25 }, false),
	"gpt-4o-mini": gpt(
		128_000,
		16_384,
		{ inputPrice: 0.15, outputPrice: 0.6, cacheReadsPrice: 0.075 },
		false,
	),
	o3: gpt(200_000, 100_000, { inputPrice: 2, outputPrice: 8, cacheReadsPrice: 0.5 }, true),
	"o4-mini": gpt(200_000, 100_000, { inputPrice: 1.1, outputPrice: 4.4, cacheReadsPrice: 0.275 }, true),
}

// Amazon's own and Meta's models on Bedrock: no thinking Cairn can ask for, no cache writes billed
// (Nova bills cached reads at a quarter of the input price).
function onBedrock(
	contextWindow: number,
	maxOutputTokens: number,
	prices: Omit<Prices, "cacheWritesPrice">,
	supportsImages: boolean,
): ModelInfo {
	return {
		contextWindow,
		maxOutputTokens,
		...prices,
		supportsImages,
		supportsPromptCache: prices.cacheReadsPrice !== undefined,
		supportsReasoning: false,
	}
}

/**
 * Bedrock's on-demand prices in US regions, by model id. Cross-region inference profiles
 * (`us.anthropic.…`, `eu.…`, `global.…`) find their model's entry (see findKnownModel).
 */
const bedrockModels: Record<string, ModelInfo> = {
	"anthropic.claude-opus-4-5-20251101-v1:0": claude(200_000, 64_000, {
		inputPrice: 5,
		outputPrice: 25,
		cacheWritesPrice: 6.25,
		cacheReadsPrice: 0.5,
	}),
	"anthropic.claude-sonnet-4-5-20250929-v1:0": claude(200_000, 64_000, {
		inputPrice: 3,
		outputPrice: 15,
		cacheWritesPrice: 3.75,
		cacheReadsPrice: 0.3,
	}),
	"anthropic.claude-haiku-4-5-20251001-v1:0": claude(200_000, 64_000, {
		inputPrice: 1,
		outputPrice: 5,
		cacheWritesPrice: 1.25,
		cacheReadsPrice: 0.1,
	}),
	"anthropic.claude-opus-4-1-20250805-v1:0": claude(200_000, 32_000, {
		inputPrice: 15,
		outputPrice: 75,
		cacheWritesPrice: 18.75,
		cacheReadsPrice: 1.5,
	}),
	"anthropic.claude-sonnet-4-20250514-v1:0": claude(200_000, 64_000, {
		inputPrice: 3,
		outputPrice: 15,
		cacheWritesPrice: 3.75,
		cacheReadsPrice: 0.3,
	}),
	"anthropic.claude-3-7-sonnet-20250219-v1:0": claude(200_000, 64_000, {
		inputPrice: 3,
		outputPrice: 15,
		cacheWritesPrice: 3.75,
		cacheReadsPrice: 0.3,
	}),
	"anthropic.claude-3-5-haiku-20241022-v1:0": {
		...claude(200_000, 8_192, {
			inputPrice: 0.8,
			outputPrice: 4,
			cacheWritesPrice: 1,
			cacheReadsPrice: 0.08,
		}),
		supportsImages: false,
		supportsReasoning: false,
	},
	"amazon.nova-premier-v1:0": onBedrock(1_000_000, 32_000, { inputPrice: 2.5, outputPrice: 12.5 }, true),
	"amazon.nova-pro-v1:0": onBedrock(
		300_000,
		10_000,
		{ inputPrice: 0.8, outputPrice: 3.2, cacheReadsPrice: 0.2 },
		true,
	),
	"amazon.nova-lite-v1:0": onBedrock(
		300_000,
		10_000,
		{ inputPrice: 0.06, outputPrice: 0.24, cacheReadsPrice: 0.015 },
		true,
	),
	"amazon.nova-micro-v1:0": onBedrock(
		128_000,
		10_000,
		{ inputPrice: 0.035, outputPrice: 0.14, cacheReadsPrice: 0.00875 },
		false,
	),
	"meta.llama4-maverick-17b-instruct-v1:0": onBedrock(
		1_000_000,
		8_192,
		{ inputPrice: 0.24, outputPrice: 0.97 },
		true,
	),
	"meta.llama4-scout-17b-instruct-v1:0": onBedrock(
		3_500_000,
		8_192,
		{ inputPrice: 0.17, outputPrice: 0.66 },
		true,
	),
	"meta.llama3-3-70b-instruct-v1:0": onBedrock(
		128_000,
		8_192,
		{ inputPrice: 0.72, outputPrice: 0.72 },
		false,
	),
	"meta.llama3-1-8b-instruct-v1:0": onBedrock(
		128_000,
		8_192,
		{ inputPrice: 0.22, outputPrice: 0.22 },
		false,
	),
}

// Gemini caches prompts implicitly and bills the reads at a tenth of the input price; explicit
// cache storage is billed per hour, which a per-request cost cannot show. Prices are for prompts up
// to 200k tokens (longer ones cost more on the Pro models).
function gemini(
	maxOutputTokens: number,
	prices: Omit<Prices, "cacheWritesPrice">,
	supportsReasoning = true,
): ModelInfo {
	return {
		contextWindow: 1_048_576,
		maxOutputTokens,
		...prices,
		supportsImages: true,
		supportsPromptCache: true,
		supportsReasoning,
	}
}

const geminiModels: Record<string, ModelInfo> = {
	"gemini-3-pro-preview": gemini(65_536, { inputPrice: 2, outputPrice: 12, cacheReadsPrice: 0.2 }),
	"gemini-3-flash-preview": gemini(65_536, { inputPrice: 0.5, outputPrice: 3, cacheReadsPrice: 0.05 }),
	"gemini-2.5-pro": gemini(65_536, { inputPrice: 1.25, outputPrice: 10, cacheReadsPrice: 0.125 }),
	"gemini-2.5-flash": gemini(65_536, { inputPrice: 0.3, outputPrice: 2.5, cacheReadsPrice: 0.03 }),
	"gemini-2.5-flash-lite": gemini(65_536, { inputPrice: 0.1, outputPrice: 0.4, cacheReadsPrice: 0.01 }),
	"gemini-2.0-flash": gemini(8_192, { inputPrice: 0.1, outputPrice: 0.4, cacheReadsPrice: 0.025 }, false),
}

/**
 * The day of each list's prices, which the model picker shows ("prices as of"), so a person can
 * tell how old a price is. Each date is the day the list's prices were written into Cairn, read
 * from git history: OpenAI's and Anthropic's in 0a436a6 (2026-11-22), Anthropic's taken over
 * unchanged as Vertex AI's Claude prices in 9a352f2 (2026-11-25, the date given), Gemini's in
 * 9a352f2 and Bedrock's in 8e09d6b (both 2026-11-25). None has been compared with the provider's
 * published list since: the machines these sessions run on have no network. Whoever compares a
 * list with the provider's page updates its prices and its date together, and says so in the
 * commit.
 */
const pricesCheckedOn = {
	anthropic: "2026-11-25",
	openai: "2026-11-22",
	gemini: "2026-11-25",
	bedrock: "2026-11-25",
} as const

function dated(models: Record<string, ModelInfo>, checkedOn: string): Record<string, ModelInfo> {
	return Object.fromEntries(
		Object.entries(models).map(([id, info]) => [id, { ...info, pricesCheckedOn: checkedOn }]),
	)
}

const datedAnthropic = dated(anthropicModels, pricesCheckedOn.anthropic)
const datedGemini = dated(geminiModels, pricesCheckedOn.gemini)

export const knownModels: Readonly<Record<ProviderName, Readonly<Record<string, ModelInfo>>>> = {
	anthropic: datedAnthropic,
	openai: dated(openaiModels, pricesCheckedOn.openai),
	// Local models have no price and too many names to list; their info comes from the defaults.
	ollama: {},
	gemini: datedGemini,
	bedrock: dated(bedrockModels, pricesCheckedOn.bedrock),
	// Vertex serves both families at the same list prices (regional endpoints add a little).
	vertex: { ...datedAnthropic, ...datedGemini },
	openrouter: {},
	lmstudio: {},
	"vscode-lm": {},
}

/**
 * For ids Cairn does not know. A paid provider's unknown price cannot be guessed: it is marked
 * unknown (costs show "price unknown", never $0.00) until the person sets it in the profile's
 * `modelInfo` or the provider reports the cost. Local servers (Ollama, LM Studio) are free, and
 * the editor's models are paid by the editor's subscription, not per request. Anthropic's output cap is one every Claude still served
 * accepts; Ollama's context is what Cairn asks Ollama to allocate (`num_ctx`), since Ollama's own
 * small default would silently cut the start of an agent's prompt.
 */
export const defaultModelInfo: Readonly<Record<ProviderName, ModelInfo>> = {
	anthropic: {
		contextWindow: 200_000,
		maxOutputTokens: 32_000,
		inputPrice: 0,
		outputPrice: 0,
		priceUnknown: true,
		supportsImages: true,
		supportsPromptCache: true,
		supportsReasoning: true,
	},
	openai: {
		contextWindow: 128_000,
		maxOutputTokens: 16_384,
		inputPrice: 0,
		outputPrice: 0,
		priceUnknown: true,
		supportsImages: false,
		supportsPromptCache: false,
		supportsReasoning: false,
	},
	ollama: {
		contextWindow: 32_768,
		maxOutputTokens: 8_192,
		inputPrice: 0,
		outputPrice: 0,
		supportsImages: false,
		supportsPromptCache: false,
		supportsReasoning: false,
	},
	gemini: {
		contextWindow: 1_048_576,
		maxOutputTokens: 65_536,
		inputPrice: 0,
		outputPrice: 0,
		priceUnknown: true,
		supportsImages: true,
		supportsPromptCache: true,
		supportsReasoning: true,
	},
	bedrock: {
		contextWindow: 200_000,
		maxOutputTokens: 8_192,
		inputPrice: 0,
		outputPrice: 0,
		priceUnknown: true,
		supportsImages: true,
		supportsPromptCache: false,
		supportsReasoning: false,
	},
	vertex: {
		contextWindow: 200_000,
		maxOutputTokens: 32_000,
		inputPrice: 0,
		outputPrice: 0,
		priceUnknown: true,
		supportsImages: true,
		supportsPromptCache: true,
		supportsReasoning: true,
	},
	openrouter: {
		contextWindow: 128_000,
		maxOutputTokens: 16_384,
		inputPrice: 0,
		outputPrice: 0,
		priceUnknown: true,
		supportsImages: false,
		supportsPromptCache: false,
		supportsReasoning: false,
	},
	lmstudio: {
		contextWindow: 32_768,
		maxOutputTokens: 8_192,
		inputPrice: 0,
		outputPrice: 0,
		supportsImages: false,
		supportsPromptCache: false,
		supportsReasoning: false,
	},
	"vscode-lm": {
		contextWindow: 128_000,
		maxOutputTokens: 16_384,
		inputPrice: 0,
		outputPrice: 0,
		supportsImages: false,
		supportsPromptCache: false,
		supportsReasoning: false,
	},
}

/**
 * Snapshot ids end in a date (`-20251001`, `-2025-08-07`, Vertex's `@20250929`); they share their
 * alias's info.
 */
function withoutDate(modelId: string): string {
	return modelId.replace(/[-@](\d{8}|\d{4}-\d{2}-\d{2})$/, "")
}

/** Bedrock's cross-region inference profiles prefix the model id with a geography. */
const inferenceProfile = /^(?:us|us-gov|eu|apac|jp|au|ca|global)\./

/**
 * The catalog entry for an id, trying its alias, (for gateways like OpenRouter and Bedrock's
 * profile ARNs) its last path part, and the model of a Bedrock inference profile.
 */
export function findKnownModel(provider: ProviderName, modelId: string): ModelInfo | undefined {
	const catalog = knownModels[provider]
	const candidates = [modelId, withoutDate(modelId)]
	const slash = modelId.lastIndexOf("/")
	if (slash >= 0) candidates.push(modelId.slice(slash + 1), withoutDate(modelId.slice(slash + 1)))
	if (provider === "bedrock") candidates.push(...candidates.map((id) => id.replace(inferenceProfile, "")))
	for (const id of candidates) {
		const info = catalog[id]
		if (info !== undefined) return info
	}
	return undefined
}

/** What Cairn knows about a model, with the person's `modelInfo` overrides on top. */
export function resolveModelInfo(
	provider: ProviderName,
	modelId: string,
	overrides: Partial<ModelInfo> | undefined = undefined,
): ModelInfo {
	const base = findKnownModel(provider, modelId) ?? defaultModelInfo[provider]
	const defined = Object.fromEntries(
		Object.entries(overrides ?? {}).filter(([, value]) => value !== undefined),
	) as Partial<ModelInfo>
	// Prices the person (or the provider's listing) set are theirs: known, and not the catalog's date.
	const priced = defined.inputPrice !== undefined || defined.outputPrice !== undefined
	const info = { ...base, ...(priced && { priceUnknown: false }), ...defined }
	if (priced && defined.pricesCheckedOn === undefined) delete info.pricesCheckedOn
	return info
}
