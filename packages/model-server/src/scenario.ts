import type { RecordedRequest } from "./recording.js"

/** Which wire format a request was matched to (decided by its path, see router.ts). */
export type Provider = "anthropic" | "openai" | "ollama" | "gemini" | "bedrock"

/**
 * Provider-neutral stop reasons, named as Anthropic names them. Each encoder maps them:
 * OpenAI `stop` / `tool_calls` / `length`, Ollama `stop` / `stop` / `length`.
 */
export type StopReason = "end_turn" | "tool_use" | "max_tokens"

export interface ScriptedToolCall {
	/** Defaults to a deterministic provider-style id (`toolu_…`, `call_…`). */
	id?: string
	name: string
	/**
	 * An object is serialised with JSON.stringify. A string is sent verbatim, so a test can send
	 * broken JSON; Ollama sends arguments as an object, so there a string that does not parse is
	 * sent as a JSON string value (something a real Ollama never does).
	 */
	arguments: Record<string, unknown> | string
}

/**
 * Token counts. `inputTokens` means uncached input, as Anthropic counts it; OpenAI's
 * `prompt_tokens` and Ollama's `prompt_eval_count` are input + cache read + cache creation.
 * Missing numbers are estimated as ceil(characters / 4) of the request messages / the reply.
 */
export interface ScriptedUsage {
	inputTokens?: number
	outputTokens?: number
	cacheCreationInputTokens?: number
	cacheReadInputTokens?: number
	/**
	 * Of the output, the tokens spent reasoning, as OpenAI's `completion_tokens_details` and Gemini's
	 * `thoughtsTokenCount` report them (Anthropic and Ollama do not count them apart). Defaults to
	 * the estimate of the reasoning text, at most the output.
	 */
	reasoningTokens?: number
}

/** Replace the normal answer with an HTTP error in the provider's error shape. */
export interface HttpErrorFault {
	status: number
	/** Defaults to a message naming the status. */
	message?: string
	/** Anthropic `error.type` / OpenAI `error.type`; defaults follow the status like the real APIs. */
	type?: string
	/** OpenAI `error.code` (e.g. "rate_limit_exceeded"). */
	code?: string | null
	/** Sent as the `retry-after` header (seconds, or an HTTP date). */
	retryAfter?: number | string
	/** Extra response headers, e.g. `{ "retry-after-ms": "20" }` or `{ "x-should-retry": "false" }`. */
	headers?: Record<string, string>
	/** Replaces the whole JSON body, for shapes the defaults do not cover. */
	body?: unknown
	/**
	 * Ends the message with the API key the request carried (`x-api-key`, else the bearer token),
	 * as some servers and proxies do: for checking that a client never shows or stores it.
	 */
	echoApiKey?: boolean
}

/** A provider-shaped error event written in place of the rest of a stream. */
export interface StreamErrorFault {
	afterChunks: number
	/** Anthropic `error.type`; defaults to "overloaded_error". */
	type?: string
	message?: string
}

export interface TurnFaults {
	error?: HttpErrorFault
	/**
	 * Destroy the socket after K wire chunks (SSE events / NDJSON lines) of a stream. The response
	 * head is always sent first, so K = 0 means "200 then nothing". A non-streaming answer is cut
	 * before any byte is written.
	 */
	disconnectAfterChunks?: number
	/**
	 * Stop sending after K wire chunks of a stream and keep the connection open until the client
	 * or the server closes it: K = 0 is "200 head, then nothing". A non-streaming answer stalls
	 * after its head.
	 */
	stallAfterChunks?: number
	/** Keep the connection open without sending anything, not even the response head. */
	stallBeforeHead?: boolean
	/** Write one chunk of invalid JSON after K chunks, then carry on with the stream. */
	malformedChunkAfter?: number
	streamError?: StreamErrorFault
	/** Wait this long before each chunk (and before a non-streaming answer). */
	chunkDelayMs?: number
}

export interface ScriptedTurn extends TurnFaults {
	text?: string
	/** Anthropic thinking / OpenAI-compatible `reasoning_content` / Ollama `thinking`. */
	reasoning?: string
	/** Anthropic `signature_delta` for the thinking block; defaults to a fixed fake signature. */
	reasoningSignature?: string
	toolCalls?: ScriptedToolCall[]
	usage?: ScriptedUsage
	/** Defaults to `tool_use` when there are tool calls, else `end_turn`. */
	stopReason?: StopReason
	/** Defaults to the model named in the request. */
	model?: string
	/** Into how many deltas to split `text` (default 1). */
	textChunks?: number
	/** Into how many deltas to split `reasoning` (default 1). */
	reasoningChunks?: number
	/** Into how many deltas to split each tool call's JSON arguments (default 1; Ollama ignores it). */
	argumentChunks?: number
}

export interface TurnContext {
	/** The request this turn answers. */
	request: RecordedRequest
	/** Every request recorded so far, this one included. */
	requests: readonly RecordedRequest[]
}

/** A turn computed from the request it answers. Library only: a JSON scenario cannot hold one. */
export type TurnFunction = (context: TurnContext) => ScriptedTurn | Promise<ScriptedTurn>

export type Turn = ScriptedTurn | TurnFunction

export type Scenario = readonly Turn[]

/**
 * A turn kept aside for requests the main scenario cannot predict (a summarization Cairn sends when
 * the conversation gets long, say). A chat request that matches `when` is answered by `turn` and
 * does not take a turn from the main queue; side turns are never used up. Every condition given
 * must hold (plain substring tests); a `when` without conditions matches every request.
 */
export interface SideTurn {
	when: {
		/** The system prompt (Anthropic `system`, OpenAI / Ollama system messages) contains this. */
		systemIncludes?: string
		/** The text of the last user message (its text parts, not tool results) contains this. */
		lastUserIncludes?: string
		/** The first user message (what the conversation began with) contains this: one task of several at once. */
		firstUserIncludes?: string
	}
	turn: Turn
}

/** Turns are consumed in order by chat requests on any of the three routes. */
export class TurnQueue {
	#turns: Turn[]
	#served = 0

	constructor(scenario: Scenario = []) {
		this.#turns = [...scenario]
	}

	get remaining(): number {
		return this.#turns.length
	}

	/** How many turns have been taken since the last reset. */
	get served(): number {
		return this.#served
	}

	enqueue(...turns: Turn[]): void {
		this.#turns.push(...turns)
	}

	reset(scenario: Scenario = []): void {
		this.#turns = [...scenario]
		this.#served = 0
	}

	take(): Turn | undefined {
		const turn = this.#turns.shift()
		if (turn !== undefined) this.#served++
		return turn
	}
}
