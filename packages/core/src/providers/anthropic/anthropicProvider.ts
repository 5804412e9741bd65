import type { Anthropic } from "@anthropic-ai/sdk"
import type { ModelInfo, ProviderSettings } from "@cairn/types"
import { toAnthropicMessages, toAnthropicSystem, toAnthropicTools } from "./anthropicMessages.js"
import type { ApiStreamChunk, CreateMessageRequest, ModelProvider } from "../modelProvider.js"
import { KeptBody } from "../keptBody.js"
import { uncopiedBodyFetch } from "../uncopiedBody.js"
import { outputReserve } from "../outputReserve.js"
import { checkStreamEnded, toProviderError } from "../providerErrors.js"
import type { ErrorContext } from "../providerErrors.js"
import { lazy } from "../wireHelpers.js"

const loadSdk = lazy(() => import("@anthropic-ai/sdk"))
export type AnthropicSdk = Awaited<ReturnType<typeof loadSdk>>

export const anthropicDefaultBaseUrl = "https://api.anthropic.com"

interface ClaudeTraits {
	/** Claude 4.6 and later think adaptively; the 5 family refuses the budget form with a 400. */
	adaptiveThinking: boolean
	/** The 5 family refuses non-default sampling parameters such as temperature. */
	fixedSampling: boolean
}

export function claudeTraits(modelId: string): ClaudeTraits {
	const match = /claude-(opus|sonnet|haiku|fable|mythos)-(\d+)(?:-(\d{1,2}))?(?=$|\D)/.exec(modelId)
	if (!match) return { adaptiveThinking: false, fixedSampling: false }
	const [, family, major = "0", minor = "0"] = match
	const alwaysNew = family === "fable" || family === "mythos"
	const version = Number(major) + Number(minor) / 100
	return { adaptiveThinking: alwaysNew || version >= 4.06, fixedSampling: alwaysNew || version >= 5 }
}

type ThinkingParams = Pick<Anthropic.MessageCreateParamsStreaming, "thinking" | "output_config">

/**
 * Thinking as the model takes it. Adaptive models take an effort, not a budget, so the budget
 * picks the nearest effort. Budget models need 1024 <= budget < max_tokens (the output reserve),
 * with room left for the answer.
 */
export function thinkingParams(modelId: string, info: ModelInfo, budget: number | undefined): ThinkingParams {
	if (!budget || !info.supportsReasoning) return {}
	if (claudeTraits(modelId).adaptiveThinking) {
		const effort = budget <= 4_096 ? "low" : budget <= 16_384 ? "medium" : "high"
		// "summarized" so the person sees the reasoning; newer models default to omitting it.
		return { thinking: { type: "adaptive", display: "summarized" }, output_config: { effort } }
	}
	const room = outputReserve(info) - 1_024
	if (room < 1_024) return {}
	return { thinking: { type: "enabled", budget_tokens: Math.max(1_024, Math.min(budget, room)) } }
}

interface ToolInProgress {
	index: number
	id: string
	name: string
	args: string
}

/** What Claude's Messages API is reached through; AnthropicVertex (see vertexProvider) has the same. */
export interface MessagesClient {
	messages: Pick<Anthropic["messages"], "create">
}

/** Where a Claude client sends its requests and as whom: Anthropic with a key, or Vertex AI. */
export interface ClaudeConnection {
	name: "anthropic" | "vertex"
	/** The base URL requests go to, for messages. */
	endpoint: string
	customEndpoint: boolean
	/**
	 * Whether the client sends a ready body as it is. Vertex's client parses the body again to move
	 * the model into the URL, so it is given the request's params and serialises them itself.
	 */
	sendsReadyBody: boolean
	/** A client with its SDK's retries off: the Task owns retries and shows each one to the person. */
	createClient(sdk: AnthropicSdk): Promise<MessagesClient>
}

export function anthropicConnection(settings: ProviderSettings, apiKey: string): ClaudeConnection {
	const baseURL = settings.baseUrl ?? anthropicDefaultBaseUrl
	return {
		name: "anthropic",
		endpoint: baseURL,
		customEndpoint: settings.baseUrl !== undefined,
		sendsReadyBody: true,
		createClient: async (sdk) =>
			new sdk.Anthropic({
				apiKey,
				// Explicit, so ANTHROPIC_BASE_URL in the editor's environment cannot redirect requests.
				baseURL,
				maxRetries: 0,
				...(settings.headers && { defaultHeaders: settings.headers }),
				fetch: uncopiedBodyFetch(),
			}),
	}
}

/**
 * The SDK's arguments for a request sent as a ready body, byte for byte what it would serialise
 * (see keptBody.ts), and the call that gives the body back once the request is over. The params it is given still
 * say that the answer streams, but hold no history: it would only walk every message looking for
 * marks its own helpers leave (none of Cairn's messages has one), O(task) work a request.
 */
function readyBody(
	params: Anthropic.MessageCreateParamsStreaming,
	signal: AbortSignal | undefined,
	kept: KeptBody,
): [Anthropic.MessageCreateParamsStreaming, Anthropic.RequestOptions, () => void] {
	const { body, giveBack } = kept.lend(params, "messages")
	return [
		{ ...params, messages: [] },
		{ signal, body, headers: { "content-type": "application/json" } },
		giveBack,
	]
}

/** Claude over the Messages API, from Anthropic or (same wire format) Vertex AI. */
export class AnthropicProvider implements ModelProvider {
	readonly name: "anthropic" | "vertex"
	readonly model: { id: string; info: ModelInfo }
	private client: Promise<MessagesClient> | undefined
	private readonly keptBody = new KeptBody()

	constructor(
		private readonly settings: ProviderSettings,
		info: ModelInfo,
		private readonly connection: ClaudeConnection,
	) {
		this.name = connection.name
		this.model = { id: settings.modelId, info }
	}

	async *createMessage(request: CreateMessageRequest): AsyncIterable<ApiStreamChunk> {
		const context = this.errorContext(request.signal)
		let sdk: AnthropicSdk | undefined
		try {
			sdk = await loadSdk()
			const client = await this.getClient(sdk)
			const params = this.params(request)
			const [sdkParams, options, giveBack] = this.connection.sendsReadyBody
				? readyBody(params, request.signal, this.keptBody)
				: [params, { signal: request.signal }, () => {}]
			try {
				const stream = await client.messages.create(sdkParams, options)
				yield* this.read(stream, context)
			} finally {
				giveBack()
			}
		} catch (error) {
			throw toProviderError(error, { ...context, ...(sdk && { sdk }) })
		}
	}

	private getClient(sdk: AnthropicSdk): Promise<MessagesClient> {
		this.client ??= this.connection.createClient(sdk).catch((error: unknown) => {
			this.client = undefined
			throw error
		})
		return this.client
	}

	private params(request: CreateMessageRequest): Anthropic.MessageCreateParamsStreaming {
		const { id, info } = this.model
		const cache = info.supportsPromptCache
		const thinking = thinkingParams(id, info, this.settings.reasoningBudgetTokens)
		const temperature = this.settings.temperature
		// Thinking requires the default temperature, and the newest models accept no other.
		const sendTemperature =
			temperature !== undefined && !thinking.thinking && !claudeTraits(id).fixedSampling
		const system = toAnthropicSystem(request.systemPrompt, cache)
		return {
			model: id,
			// Anthropic refuses input + max_tokens past the window, so the answer may take only what
			// Cairn keeps free for it: a request that fits the rest of the window is never refused.
			max_tokens: outputReserve(info),
			messages: toAnthropicMessages(request.messages, cache),
			...(system && { system }),
			...(request.tools.length > 0 && { tools: toAnthropicTools(request.tools) }),
			...thinking,
			...(sendTemperature && { temperature }),
			stream: true,
		}
	}

	private async *read(
		stream: AsyncIterable<Anthropic.RawMessageStreamEvent>,
		context: ErrorContext,
	): AsyncGenerator<ApiStreamChunk> {
		// Tool calls are numbered 0, 1, ... in the normalized stream, whatever their block index.
		const tools = new Map<number, ToolInProgress>()
		let input = { tokens: 0, cacheWrite: 0, cacheRead: 0 }
		let stopped = false
		for await (const event of stream) {
			switch (event.type) {
				case "message_start": {
					const usage = event.message.usage
					input = {
						tokens: usage.input_tokens,
						cacheWrite: usage.cache_creation_input_tokens ?? 0,
						cacheRead: usage.cache_read_input_tokens ?? 0,
					}
					// Running totals: the input is known now, so the chat can show it while the answer streams.
					yield {
						type: "usage",
						inputTokens: input.tokens,
						outputTokens: usage.output_tokens,
						cacheWriteTokens: input.cacheWrite,
						cacheReadTokens: input.cacheRead,
					}
					break
				}
				case "content_block_start": {
					const block = event.content_block
					if (block.type === "tool_use") {
						const call = { index: tools.size, id: block.id, name: block.name, args: "" }
						tools.set(event.index, call)
						yield {
							type: "tool_call_partial",
							index: call.index,
							id: call.id,
							name: call.name,
							argumentsDelta: "",
						}
					} else if (block.type === "text" && block.text !== "")
						yield { type: "text", text: block.text }
					else if (block.type === "thinking" && block.thinking !== "")
						yield { type: "reasoning", text: block.thinking }
					// redacted_thinking cannot be kept: the neutral history has no place for its data.
					break
				}
				case "content_block_delta": {
					const delta = event.delta
					if (delta.type === "text_delta") yield { type: "text", text: delta.text }
					else if (delta.type === "thinking_delta")
						yield { type: "reasoning", text: delta.thinking }
					// The signature arrives whole just before its thinking block ends.
					else if (delta.type === "signature_delta")
						yield { type: "reasoning", text: "", signature: delta.signature }
					else if (delta.type === "input_json_delta") {
						const call = tools.get(event.index)
						if (call && delta.partial_json !== "") {
							call.args += delta.partial_json
							yield {
								type: "tool_call_partial",
								index: call.index,
								argumentsDelta: delta.partial_json,
							}
						}
					}
					break
				}
				case "content_block_stop": {
					const call = tools.get(event.index)
					// A tool without parameters streams no JSON at all.
					if (call)
						yield {
							type: "tool_call",
							index: call.index,
							id: call.id,
							name: call.name,
							arguments: call.args || "{}",
						}
					break
				}
				case "message_delta": {
					// The final counts; newer API versions repeat the input counts here too.
					const usage = event.usage
					yield {
						type: "usage",
						inputTokens: usage.input_tokens ?? input.tokens,
						outputTokens: usage.output_tokens,
						cacheWriteTokens: usage.cache_creation_input_tokens ?? input.cacheWrite,
						cacheReadTokens: usage.cache_read_input_tokens ?? input.cacheRead,
					}
					break
				}
				case "message_stop":
					stopped = true
					break
			}
		}
		checkStreamEnded(context, stopped)
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
