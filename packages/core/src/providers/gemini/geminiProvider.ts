import type {
	Content,
	GenerateContentParameters,
	GenerateContentResponse,
	GoogleGenAI,
	GoogleGenAIOptions,
	ThinkingConfig,
} from "@google/genai"
import type { ModelInfo, ProviderSettings } from "@cairn/types"
import { PlaceholderNotFound, placeholderContents, withKeptContents } from "./geminiBody.js"
import { fromGoogleApiError, isGoogleApiError } from "./geminiErrors.js"
import { markGeminiSignature, syntheticCallId, toGeminiContents, toGeminiTools } from "./geminiMessages.js"
import type { ApiStreamChunk, ApiUsageChunk, CreateMessageRequest, ModelProvider } from "../modelProvider.js"
import { outputReserve } from "../outputReserve.js"
import { ProviderError } from "../providerError.js"
import { endpointLabel, sentenceStart, toProviderError, type ErrorContext } from "../providerErrors.js"
import { lazy } from "../wireHelpers.js"

const loadSdk = lazy(() => import("@google/genai"))
type Sdk = Awaited<ReturnType<typeof loadSdk>>

export const geminiDefaultBaseUrl = "https://generativelanguage.googleapis.com"

/** Where a Gemini client sends its requests and as whom: Google AI with a key, or Vertex AI. */
export interface GeminiConnection {
	name: "gemini" | "vertex"
	/** The base URL requests go to, for messages. */
	endpoint: string
	customEndpoint: boolean
	/** The client's options (the fetch is added per request); Vertex fetches credentials first. */
	clientOptions(): GoogleGenAIOptions | Promise<GoogleGenAIOptions>
}

/** Google AI Studio's Gemini API: a key, and Google's endpoint unless a proxy is set. */
export function googleAiConnection(settings: ProviderSettings, apiKey: string): GeminiConnection {
	const baseUrl = settings.baseUrl ?? geminiDefaultBaseUrl
	return {
		name: "gemini",
		endpoint: baseUrl,
		customEndpoint: settings.baseUrl !== undefined,
		clientOptions: () => ({
			apiKey,
			// Explicit, so GOOGLE_GEMINI_BASE_URL in the editor's environment cannot redirect requests.
			httpOptions: { baseUrl, ...(settings.headers && { headers: settings.headers }) },
		}),
	}
}

// Finish reasons after which the answer is whole; the rest say why it is not.
const refusals: Record<string, string> = {
	SAFETY: "its safety filters",
	RECITATION: "its recitation check",
	BLOCKLIST: "a blocklist",
	PROHIBITED_CONTENT: "its prohibited-content filter",
	SPII: "its personal-information filter",
}

/**
 * Gemini through `@google/genai`'s generateContentStream, for the Gemini API and Vertex AI alike.
 * Function calls arrive whole (one part each), thoughts as parts marked `thought`, and the usage
 * as running totals on each chunk. The SDK retries only when given retryOptions, which it is not.
 */
export class GeminiProvider implements ModelProvider {
	readonly name: "gemini" | "vertex"
	readonly model: { id: string; info: ModelInfo }
	private client: Promise<GoogleGenAI> | undefined

	constructor(
		private readonly settings: ProviderSettings,
		info: ModelInfo,
		private readonly connection: GeminiConnection,
	) {
		this.name = connection.name
		this.model = { id: settings.modelId, info }
	}

	async *createMessage(request: CreateMessageRequest): AsyncIterable<ApiStreamChunk> {
		const context = this.errorContext(request.signal)
		// The SDK's ApiError keeps no headers; a 429's retry-after is read from the response here.
		// (Node's own fetch then replaces the SDK's no-timeout one: its 300 s limits are far past
		// Cairn's idle timeout, which stops a silent request first.)
		const failure: { headers?: Headers } = {}
		const keepFailedHeaders: typeof fetch = async (input, init) => {
			const response = await fetch(input, init)
			if (!response.ok) failure.headers = response.headers
			return response
		}
		try {
			const sdk = await loadSdk()
			const client = await this.getClient(sdk)
			const stream = await send(client, this.params(request), keepFailedHeaders)
			yield* this.read(stream, context)
		} catch (error) {
			if (isGoogleApiError(error) && !request.signal?.aborted)
				throw fromGoogleApiError(error, context, failure.headers)
			throw toProviderError(error, context)
		}
	}

	private getClient(sdk: Sdk): Promise<GoogleGenAI> {
		this.client ??= Promise.resolve(this.connection.clientOptions()).then(
			(options) => new sdk.GoogleGenAI(options),
			(error: unknown) => {
				this.client = undefined
				throw error
			},
		)
		return this.client
	}

	private params(request: CreateMessageRequest): GenerateContentParameters {
		const { id, info } = this.model
		const { temperature, reasoningBudgetTokens } = this.settings
		return {
			model: id,
			contents: toGeminiContents(request.messages, id),
			config: {
				...(request.systemPrompt !== "" && { systemInstruction: request.systemPrompt }),
				...(request.tools.length > 0 && {
					tools: [{ functionDeclarations: toGeminiTools(request.tools) }],
				}),
				maxOutputTokens: outputReserve(info),
				...(temperature !== undefined && { temperature }),
				...(info.supportsReasoning && { thinkingConfig: thinkingConfig(id, reasoningBudgetTokens) }),
				...(request.signal && { abortSignal: request.signal }),
			},
		}
	}

	private async *read(
		stream: AsyncIterable<GenerateContentResponse>,
		context: ErrorContext,
	): AsyncGenerator<ApiStreamChunk> {
		let calls = 0
		let finishReason: string | undefined
		for await (const chunk of stream) {
			const blocked = chunk.promptFeedback?.blockReason
			if (blocked)
				throw new ProviderError(
					"bad_request",
					`${sentenceStart(endpointLabel(context))} refused the prompt (${blocked}${chunk.promptFeedback?.blockReasonMessage ? `: ${chunk.promptFeedback.blockReasonMessage}` : ""}).`,
				)
			const candidate = chunk.candidates?.[0]
			for (const part of candidate?.content?.parts ?? []) {
				if (part.text)
					yield part.thought
						? { type: "reasoning", text: part.text }
						: { type: "text", text: part.text }
				// Gemini sends each call whole, so it is one partial (all of the arguments) and the call.
				const call = part.functionCall
				if (call?.name) {
					const index = calls++
					const id = call.id || syntheticCallId(index)
					const args = JSON.stringify(call.args ?? {})
					yield { type: "tool_call_partial", index, id, name: call.name, argumentsDelta: args }
					yield { type: "tool_call", index, id, name: call.name, arguments: args }
				}
				// Kept as a reasoning block's signature; it goes back on the first call (see geminiMessages).
				if (part.thoughtSignature)
					yield {
						type: "reasoning",
						text: "",
						signature: markGeminiSignature(part.thoughtSignature),
					}
			}
			if (chunk.usageMetadata) yield geminiUsage(chunk.usageMetadata)
			finishReason = candidate?.finishReason ?? finishReason
		}
		if (context.signal?.aborted) throw new ProviderError("aborted", "The request was cancelled.")
		const label = sentenceStart(endpointLabel(context))
		if (finishReason === undefined)
			throw new ProviderError(
				"malformed_response",
				`${label} ended the response before it was complete.`,
			)
		if (finishReason === "MALFORMED_FUNCTION_CALL")
			throw new ProviderError(
				"malformed_response",
				`${label} produced a function call it could not complete.`,
			)
		const refusal = refusals[finishReason]
		if (refusal)
			throw new ProviderError("bad_request", `${label} stopped the answer because of ${refusal}.`)
	}

	private errorContext(signal: AbortSignal | undefined): ErrorContext {
		return {
			provider: this.connection.name,
			modelId: this.model.id,
			endpoint: this.connection.endpoint,
			customEndpoint: this.connection.customEndpoint,
			...(signal && { signal }),
		}
	}
}

/**
 * The request, its history sent from the contents' kept encodings (see geminiBody.ts). An empty
 * history is the SDK's to refuse, as it does; a placeholder the SDK wrote otherwise than expected
 * is noticed before anything is sent, and the SDK is then given the history itself.
 */
async function send(
	client: GoogleGenAI,
	params: GenerateContentParameters,
	next: typeof fetch,
): Promise<AsyncGenerator<GenerateContentResponse>> {
	const contents = params.contents
	const withFetch = (fetch: typeof globalThis.fetch) => ({ ...params.config, httpOptions: { fetch } })
	if (!Array.isArray(contents) || contents.length === 0)
		return client.models.generateContentStream({ ...params, config: withFetch(next) })
	try {
		return await client.models.generateContentStream({
			...params,
			contents: placeholderContents,
			config: withFetch(withKeptContents(contents as Content[], next)),
		})
	} catch (error) {
		if (!(error instanceof PlaceholderNotFound)) throw error
		return client.models.generateContentStream({ ...params, config: withFetch(next) })
	}
}

/**
 * Without a budget the model decides how long to think. A budget of 0 turns thinking off, except on
 * the Pro models, which always think and refuse 0: there it only hides the thoughts.
 */
export function thinkingConfig(modelId: string, budget: number | undefined): ThinkingConfig {
	if (budget === 0 && /-pro\b/.test(modelId)) return { includeThoughts: false }
	return { includeThoughts: budget !== 0, ...(budget !== undefined && { thinkingBudget: budget }) }
}

/**
 * Gemini counts cached tokens inside the prompt and thoughts apart from the answer; Cairn's input
 * is the uncached part (cache reads are priced apart) and its output includes the thinking.
 */
export function geminiUsage(usage: NonNullable<GenerateContentResponse["usageMetadata"]>): ApiUsageChunk {
	const cacheRead = usage.cachedContentTokenCount ?? 0
	const prompt = (usage.promptTokenCount ?? 0) + (usage.toolUsePromptTokenCount ?? 0)
	return {
		type: "usage",
		inputTokens: Math.max(0, prompt - cacheRead),
		outputTokens: (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0),
		cacheReadTokens: cacheRead,
		...(usage.thoughtsTokenCount !== undefined && { reasoningTokens: usage.thoughtsTokenCount }),
	}
}
