import type { ModelInfo, ProviderName } from "@cairn/types"
import type { ApiMessage } from "./apiMessage.js"

/** A tool as offered to the model: its name, what it is for, and its arguments' JSON schema. */
export interface ToolSpec {
	name: string
	description: string
	inputSchema: Record<string, unknown>
}

export interface CreateMessageRequest {
	systemPrompt: string
	messages: readonly ApiMessage[]
	tools: readonly ToolSpec[]
	signal?: AbortSignal
}

/**
 * The one stream every provider is mapped to. Tool calls arrive as partial chunks while their
 * arguments stream (so the UI can show the path before the content is complete) and then as
 * one complete `tool_call`.
 */
export type ApiStreamChunk =
	| { type: "text"; text: string }
	| { type: "reasoning"; text: string; signature?: string }
	| { type: "tool_call_partial"; index: number; id?: string; name?: string; argumentsDelta: string }
	| { type: "tool_call"; index: number; id: string; name: string; arguments: string }
	| ApiUsageChunk

/** The request's usage so far: each chunk replaces the last (running totals, not increments). */
export interface ApiUsageChunk {
	type: "usage"
	inputTokens: number
	outputTokens: number
	cacheWriteTokens?: number
	cacheReadTokens?: number
	/** What the provider says the request cost (OpenRouter's usage accounting); preferred to a computed cost. */
	costUsd?: number
	/**
	 * Of `outputTokens`, those the model spent reasoning, where the wire counts them apart (OpenAI's
	 * `completion_tokens_details.reasoning_tokens`, Gemini's `thoughtsTokenCount`).
	 */
	reasoningTokens?: number
	/**
	 * The provider has not reported these counts (yet): Cairn estimated them from what was sent and
	 * what streamed back. A later chunk without it carries the provider's own figures.
	 */
	estimated?: true
}

export interface ModelProvider {
	readonly name: ProviderName
	readonly model: { id: string; info: ModelInfo }
	/**
	 * Streams the model's answer. Failures throw ProviderError; the caller owns retries, so
	 * providers turn their SDK's own retries off.
	 */
	createMessage(request: CreateMessageRequest): AsyncIterable<ApiStreamChunk>
	/**
	 * Resolves once the model the next request goes to is in place (a switch, or the server's
	 * details of the model, still on their way): what a request reads of `model` before it is
	 * sent (the window it is fitted to) is then that model's. Absent: always in place.
	 */
	settled?(): Promise<void>
}
