import type { Provider } from "./scenario.js"

/** What the request was for, after routing. */
export type RouteKind = "chat" | "models" | "embeddings" | "unknown"

export interface RecordedRequest {
	/** 0-based position among all requests this server received since the last reset. */
	index: number
	method: string
	/** The path without the query string. */
	path: string
	query: string
	/** Lower-cased names, as node:http gives them; repeated headers are joined with ", ". */
	headers: Readonly<Record<string, string>>
	/** The parsed JSON body, or undefined when it was empty or not JSON (see `rawBody`). */
	body: unknown
	rawBody: string
	provider: Provider
	route: RouteKind
	/** Date.now() when the body had been read. */
	timestamp: number
	/** Index of the scenario turn that answered it, when one did. */
	turn?: number
	/** Index of the side turn that answered it, when one did (it took no scenario turn). */
	sideTurn?: number
	/**
	 * The chat request's input tokens by the shared count rule (see tokens.ts), counted only while the
	 * server has a context window.
	 */
	inputTokens?: number
	/**
	 * What the context window did to it: `refused` with the provider's overflow error (no turn
	 * taken), or `truncated` the way Ollama silently cuts a prompt that is too long.
	 */
	contextOverflow?: "refused" | "truncated"
}

export function flattenHeaders(raw: NodeJS.Dict<string | string[]>): Record<string, string> {
	const headers: Record<string, string> = {}
	for (const [name, value] of Object.entries(raw)) {
		if (value === undefined) continue
		headers[name] = Array.isArray(value) ? value.join(", ") : value
	}
	return headers
}
