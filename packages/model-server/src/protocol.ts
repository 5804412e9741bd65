import type { PlannedReply } from "./reply.js"
import type { Provider } from "./scenario.js"
import type { RequestTokens } from "./tokens.js"

/** An error to answer with, before it is put in a provider's shape. */
export interface ErrorSpec {
	status: number
	message: string
	type?: string
	code?: string | null
	param?: string | null
	/** A scripted retry-after in seconds, for error bodies that carry the wait (Google's RetryInfo). */
	retryAfterSeconds?: number
}

/**
 * Whose context-overflow answers, model listing and stream extras an OpenAI-compatible server
 * imitates: OpenAI itself, OpenRouter (its `reasoning` deltas and usage accounting), vLLM (current,
 * and `vllm-legacy` as vLLM answered up to mid-2025) or LM Studio.
 * The Anthropic and Ollama wire formats have one flavour each.
 */
export type OverflowStyle = "openai" | "openrouter" | "vllm" | "vllm-legacy" | "lmstudio"

/** A chat request measured against the server's context window. */
export interface ContextCheck {
	window: number
	tokens: RequestTokens
	/** The validated chat body. */
	body: Record<string, unknown>
	/** The request path (Bedrock names the model there). */
	path: string
	style: OverflowStyle
	sequence: number
}

/**
 * What a provider does with the request: answer it, refuse it with its real context-overflow error,
 * or (Ollama by default) cut the prompt silently and answer from what is left.
 */
export type ContextVerdict =
	| { kind: "fits" }
	| { kind: "refuse"; status: number; body: unknown; headers?: Record<string, string> }
	| { kind: "truncate"; inputTokens: number }

/** What a model listing needs to know besides the names. */
export interface ModelListing {
	path: string
	style: OverflowStyle
	contextWindow: number | undefined
	maxOutputTokens: number | undefined
	/** The parsed request body (Ollama's `POST /api/show` names its model there). */
	body: unknown
}

/** One piece of a streamed answer: SSE events and NDJSON lines are text, AWS event-stream messages bytes. */
export type WireChunk = string | Uint8Array

/** Everything that differs between the wire formats; server.ts only talks to this. */
export interface ProviderProtocol {
	readonly provider: Provider
	readonly streamContentType: string
	/** Headers on every response of this provider (request ids), given a per-server sequence. */
	responseHeaders(sequence: number): Record<string, string>
	errorBody(spec: ErrorSpec, sequence: number): unknown
	/** Headers that carry the error's type, for providers that put it there (Bedrock). */
	errorHeaders?(spec: ErrorSpec): Record<string, string>
	notFound(method: string, path: string): ErrorSpec
	/** Why a chat request cannot be answered, or undefined. `jsonError` is set when the body did not parse. */
	validateChat(body: unknown, jsonError: string | undefined): ErrorSpec | undefined
	/** Whether to stream the answer: a body field for most, the path for Bedrock. */
	wantsStream(body: unknown, path: string): boolean
	/** The wire chunks of a streamed answer, each a complete SSE event, NDJSON line or event-stream message. */
	streamChunks(reply: PlannedReply, body: unknown, style: OverflowStyle): WireChunk[]
	malformedChunk(reply: PlannedReply): WireChunk
	streamErrorChunk(type: string | undefined, message: string | undefined): WireChunk
	completion(reply: PlannedReply): unknown
	/** The model listing for `listing.path`, or undefined when this server has no such route. */
	modelList(models: readonly string[], listing: ModelListing): unknown
	contextVerdict(check: ContextCheck): ContextVerdict
}

export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value)
}
