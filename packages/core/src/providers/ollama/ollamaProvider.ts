import type { ModelInfo, ProviderSettings } from "@cairn/types"
import type { ChatRequest, ChatResponse, Ollama } from "ollama"
import { recognizeContextOverflow } from "../contextOverflow.js"
import type { ApiStreamChunk, CreateMessageRequest, ModelProvider } from "../modelProvider.js"
import { toOllamaMessages, toOllamaTools } from "./ollamaMessages.js"
import { ProviderError } from "../providerError.js"
import {
	bodyMessage,
	contextOverflowError,
	endpointLabel,
	sentenceStart,
	toProviderError,
} from "../providerErrors.js"
import type { ErrorContext } from "../providerErrors.js"
import { fallbackToolCallId, lazy } from "../wireHelpers.js"

const loadSdk = lazy(() => import("ollama"))

export const ollamaDefaultHost = "http://127.0.0.1:11434"

/** ollama-js throws this plain Error when the NDJSON stream ends without its `done` line. */
const incompleteStream = "Did not receive done or success response in stream."

/** A real /api/chat field that ollama-js does not declare. */
type ChatParams = Omit<ChatRequest, "stream"> & { truncate?: boolean }

/** Ollama over its own `/api/chat`, where tool calls arrive whole and thinking is opt-in. */
export class OllamaProvider implements ModelProvider {
	readonly name = "ollama" as const
	readonly model: { id: string; info: ModelInfo }

	constructor(
		private readonly settings: ProviderSettings,
		/** Only for hosted Ollama (ollama.com); a local server takes none. */
		private readonly apiKey: string | undefined,
		info: ModelInfo,
	) {
		this.model = { id: settings.modelId, info }
	}

	async *createMessage(request: CreateMessageRequest): AsyncIterable<ApiStreamChunk> {
		// ollama-js has neither a per-request signal nor response headers on its errors, so a
		// client per request gets a fetch that adds the signal and keeps a failure's headers.
		const failure: { headers?: Headers } = {}
		const context = this.errorContext(request.signal)
		try {
			const { Ollama } = await loadSdk()
			const client: Ollama = new Ollama({
				host: this.settings.baseUrl ?? ollamaDefaultHost,
				headers: this.headers(),
				fetch: async (input, init) => {
					const signals = [init?.signal, request.signal].filter((s): s is AbortSignal => !!s)
					const response = await fetch(input, {
						...init,
						...(signals.length > 0 && { signal: AbortSignal.any(signals) }),
					})
					if (!response.ok) failure.headers = response.headers
					return response
				},
			})
			const stream = await client.chat({ ...this.params(request), stream: true })
			try {
				yield* this.read(stream, context)
			} finally {
				// Unlike the Stainless SDKs, ollama-js keeps reading when the consumer stops early.
				stream.abort()
			}
		} catch (error) {
			throw toProviderError(this.fromPlainError(error, context), {
				...context,
				...(failure.headers && { headers: failure.headers }),
			})
		}
	}

	private headers(): Record<string, string> {
		return {
			...this.settings.headers,
			...(this.apiKey && { Authorization: `Bearer ${this.apiKey}` }),
		}
	}

	private params(request: CreateMessageRequest): ChatParams {
		const { id, info } = this.model
		const { temperature, reasoningBudgetTokens } = this.settings
		return {
			model: id,
			messages: toOllamaMessages(request.systemPrompt, request.messages),
			...(request.tools.length > 0 && { tools: toOllamaTools(request.tools) }),
			// Ollama refuses `think` for models that cannot; a budget of 0 turns thinking off.
			...(info.supportsReasoning && { think: reasoningBudgetTokens !== 0 }),
			options: {
				// Ollama's default context is a few thousand tokens and it drops the oldest
				// tokens silently, which would cut the system prompt.
				num_ctx: info.contextWindow,
				...(temperature !== undefined && { temperature }),
			},
			// A prompt longer than num_ctx is then refused instead of silently cut from the front, so
			// the overflow reaches Cairn's context management as with every other provider. (Versions
			// before the field existed ignore it.)
			truncate: false,
		}
	}

	private async *read(
		stream: AsyncIterable<ChatResponse>,
		context: ErrorContext,
	): AsyncGenerator<ApiStreamChunk> {
		let calls = 0
		for await (const part of stream) {
			const message = part.message
			if (message.thinking) yield { type: "reasoning", text: message.thinking }
			if (message.content) yield { type: "text", text: message.content }
			for (const call of message.tool_calls ?? []) {
				// Calls come whole, so each is one partial (the arguments as a single delta) then
				// the complete call. Recent Ollama versions add an id; older ones send none.
				const index = calls++
				const id = (call as { id?: unknown }).id
				const name = call.function.name
				const args = JSON.stringify(call.function.arguments ?? {})
				const callId = typeof id === "string" && id !== "" ? id : fallbackToolCallId(index)
				yield { type: "tool_call_partial", index, id: callId, name, argumentsDelta: args }
				yield { type: "tool_call", index, id: callId, name, arguments: args }
			}
			if (part.done) {
				yield {
					type: "usage",
					inputTokens: part.prompt_eval_count ?? 0,
					outputTokens: part.eval_count ?? 0,
				}
			}
		}
		if (context.signal?.aborted) throw new ProviderError("aborted", "The request was cancelled.")
	}

	/** ollama-js throws plain Errors for an error line mid-stream and for a stream cut short. */
	private fromPlainError(error: unknown, context: ErrorContext): unknown {
		if (!(error instanceof Error) || error.constructor !== Error || context.signal?.aborted) return error
		const label = endpointLabel(context)
		const message = bodyMessage(error.message)
		const overflow = recognizeContextOverflow(message)
		if (overflow)
			return contextOverflowError(label, `mid-response: ${message}`, { cause: error, ...overflow })
		if (error.message === incompleteStream)
			return new ProviderError(
				"malformed_response",
				`${sentenceStart(label)} ended the response before it was complete.`,
				{
					cause: error,
				},
			)
		return new ProviderError(
			"server",
			`${sentenceStart(label)} reported an error mid-response: ${message}`,
			{
				cause: error,
			},
		)
	}

	private errorContext(signal: AbortSignal | undefined): ErrorContext {
		return {
			provider: "ollama",
			modelId: this.model.id,
			endpoint: this.settings.baseUrl ?? ollamaDefaultHost,
			customEndpoint: this.settings.baseUrl !== undefined,
			...(signal && { signal }),
		}
	}
}
