import { providerKinds } from "@cairn/types"
import type { ModelInfo, ProviderName, ProviderSettings } from "@cairn/types"
import type { OpenAI } from "openai"
import type { ApiStreamChunk, CreateMessageRequest, ModelProvider } from "../modelProvider.js"
import { OpenAiHistoryForms, toOpenAiTools } from "./openaiMessages.js"
import { KeptBody } from "../keptBody.js"
import { uncopiedBodyFetch } from "../uncopiedBody.js"
import { checkStreamEnded, toProviderError } from "../providerErrors.js"
import type { ErrorContext } from "../providerErrors.js"
import { fallbackToolCallId, lazy } from "../wireHelpers.js"

const loadSdk = lazy(() => import("openai"))
const send = uncopiedBodyFetch()
type Sdk = Awaited<ReturnType<typeof loadSdk>>

export const openaiDefaultBaseUrl = "https://api.openai.com/v1"

/** Fields compatible servers add to a delta: DeepSeek, vLLM and LM Studio `reasoning_content`, OpenRouter `reasoning`. */
type Delta = OpenAI.ChatCompletionChunk.Choice.Delta & {
	reasoning_content?: string | null
	reasoning?: string | null
}

interface CallInProgress {
	id?: string
	name?: string
	args: string
}

/** Chat Completions takes an effort, not a budget; the budget picks the nearest one. */
function reasoningEffort(budget: number): "low" | "medium" | "high" {
	return budget <= 4_096 ? "low" : budget <= 16_384 ? "medium" : "high"
}

/** OpenRouter's usage accounting (and proxies that copy it) adds the request's price in dollars. */
type Usage = OpenAI.CompletionUsage & { cost?: unknown }

export function openaiUsage(usage: Usage): Extract<ApiStreamChunk, { type: "usage" }> {
	const details = usage.prompt_tokens_details
	const cost = usage.cost
	const cacheRead = details?.cached_tokens ?? 0
	const cacheWrite = details?.cache_write_tokens ?? 0
	const reasoning = usage.completion_tokens_details?.reasoning_tokens
	return {
		type: "usage",
		// prompt_tokens includes the cached tokens, which are priced separately.
		inputTokens: Math.max(0, usage.prompt_tokens - cacheRead - cacheWrite),
		outputTokens: usage.completion_tokens,
		...(details?.cached_tokens !== undefined && { cacheReadTokens: cacheRead }),
		...(details?.cache_write_tokens !== undefined && { cacheWriteTokens: cacheWrite }),
		...(typeof reasoning === "number" && { reasoningTokens: reasoning }),
		...(typeof cost === "number" && Number.isFinite(cost) && cost >= 0 && { costUsd: cost }),
	}
}

/** Where an OpenAI-compatible provider is when the settings name no base URL. */
export function openaiCompatibleBaseUrl(settings: ProviderSettings): string {
	return settings.baseUrl ?? providerKinds[settings.provider].defaultBaseUrl ?? openaiDefaultBaseUrl
}

/**
 * OpenAI and every OpenAI-compatible endpoint (LM Studio, vLLM...), over Chat Completions. A
 * provider with its own conventions on top (OpenRouter) subclasses it and adds headers and body
 * fields.
 */
export class OpenAiProvider implements ModelProvider {
	readonly name: ProviderName
	readonly model: { id: string; info: ModelInfo }

	constructor(
		protected readonly settings: ProviderSettings,
		private readonly apiKey: string,
		info: ModelInfo,
	) {
		this.name = settings.provider
		this.model = { id: settings.modelId, info }
	}

	/** Headers this provider always sends; the person's own `headers` come after, and win. */
	protected providerHeaders(): Record<string, string> {
		return {}
	}

	/** One client for every request (its fetch files a failed response's body under the request's). */
	private client: OpenAI | undefined
	/** The body of each failed response, by the body of the request that got it. */
	private readonly failedResponses = new WeakMap<object, string>()
	private readonly keptBody = new KeptBody()
	private readonly historyForms = new OpenAiHistoryForms()

	async *createMessage(request: CreateMessageRequest): AsyncIterable<ApiStreamChunk> {
		const context = this.errorContext(request.signal)
		let sdk: Sdk | undefined
		let body: Buffer | undefined
		try {
			sdk = await loadSdk()
			this.client ??= this.newClient(sdk)
			const params = this.params(request)
			const lent = this.keptBody.lend(params, "messages")
			body = lent.body
			try {
				// The SDK sends `body` as it is (`params` still tells it that the answer is a stream).
				const stream = await this.client.chat.completions.create(params, {
					signal: request.signal,
					body,
					headers: { "content-type": "application/json" },
				})
				yield* this.read(stream, context)
			} finally {
				lent.giveBack()
			}
		} catch (error) {
			const responseBody = body && this.failedResponses.get(body)
			throw toProviderError(error, {
				...context,
				...(sdk && { sdk }),
				...(responseBody !== undefined && { responseBody }),
			})
		}
	}

	/**
	 * The client, whose fetch keeps the body of a failed response: the SDK keeps only a body's
	 * `error` field, and some compatible servers (vLLM until 2025) put their message elsewhere.
	 */
	private newClient(sdk: Sdk): OpenAI {
		return new sdk.OpenAI({
			apiKey: this.apiKey,
			// Explicit values, so OPENAI_BASE_URL / OPENAI_ORG_ID / OPENAI_PROJECT_ID in the editor's
			// environment cannot redirect or re-bill what the settings say.
			baseURL: openaiCompatibleBaseUrl(this.settings),
			organization: null,
			project: null,
			// The Task owns retries and shows each one to the person.
			maxRetries: 0,
			defaultHeaders: { ...this.providerHeaders(), ...this.settings.headers },
			fetch: async (input, init) => {
				const response = await send(input, init)
				// A body that cannot be read is the SDK's to report, not this copy's.
				const sent = init?.body
				if (!response.ok && typeof sent === "object" && sent !== null) {
					const text = await response
						.clone()
						.text()
						.catch(() => undefined)
					if (text !== undefined) this.failedResponses.set(sent, text)
				}
				return response
			},
		})
	}

	protected params(request: CreateMessageRequest): OpenAI.ChatCompletionCreateParamsStreaming {
		const { id, info } = this.model
		const { temperature, reasoningBudgetTokens } = this.settings
		return {
			model: id,
			messages: this.historyForms.messages(request.systemPrompt, request.messages),
			...(request.tools.length > 0 && { tools: toOpenAiTools(request.tools) }),
			// Reasoning models refuse any temperature but their default.
			...(temperature !== undefined && !info.supportsReasoning && { temperature }),
			...(reasoningBudgetTokens &&
				info.supportsReasoning && { reasoning_effort: reasoningEffort(reasoningBudgetTokens) }),
			stream: true,
			// Without it the stream carries no token counts at all.
			stream_options: { include_usage: true },
		}
	}

	private async *read(
		stream: AsyncIterable<OpenAI.ChatCompletionChunk>,
		context: ErrorContext,
	): AsyncGenerator<ApiStreamChunk> {
		const calls = new Map<number, CallInProgress>()
		let usage: Usage | undefined
		let finished = false
		for await (const chunk of stream) {
			// With include_usage the counts come in a last chunk whose `choices` is empty.
			if (chunk.usage) usage = chunk.usage
			const choice = chunk.choices[0]
			if (!choice) continue
			const delta = choice.delta as Delta
			const reasoning = delta.reasoning_content ?? delta.reasoning
			if (reasoning) yield { type: "reasoning", text: reasoning }
			if (delta.content) yield { type: "text", text: delta.content }
			for (const [position, fragment] of (delta.tool_calls ?? []).entries()) {
				// Only a call's first fragment has its id and name; later ones are matched by index.
				const index = fragment.index ?? position
				const call = calls.get(index) ?? { args: "" }
				calls.set(index, call)
				const id = fragment.id ?? undefined
				const name = fragment.function?.name ?? undefined
				const argumentsDelta = fragment.function?.arguments ?? ""
				if (id) call.id = id
				// Some servers repeat the name in every fragment; a few split it.
				if (name) call.name = (call.name ?? "") === name ? name : (call.name ?? "") + name
				call.args += argumentsDelta
				if (id || name || argumentsDelta)
					yield {
						type: "tool_call_partial",
						index,
						...(id && { id }),
						...(name && { name }),
						argumentsDelta,
					}
			}
			if (choice.finish_reason) finished = true
		}
		checkStreamEnded(context, finished)
		for (const index of [...calls.keys()].sort((a, b) => a - b)) {
			const call = calls.get(index) as CallInProgress
			yield {
				type: "tool_call",
				index,
				id: call.id ?? fallbackToolCallId(index),
				name: call.name ?? "",
				// A tool without parameters may stream no arguments at all.
				arguments: call.args || "{}",
			}
		}
		if (usage) yield openaiUsage(usage)
	}

	private errorContext(signal: AbortSignal | undefined): ErrorContext {
		return {
			provider: this.name,
			modelId: this.model.id,
			endpoint: openaiCompatibleBaseUrl(this.settings),
			customEndpoint: this.settings.baseUrl !== undefined,
			...(signal && { signal }),
		}
	}
}
