import type { Provider } from "./scenario.js"

/** What the chat request was for, after routing. */
export type RouteKind = "chat" | "models" | "unknown"

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
}

export function flattenHeaders(raw: NodeJS.Dict<string | string[]>): Record<string, string> {
	const headers: Record<string, string> = {}
	for (const [name, value] of Object.entries(raw)) {
		if (value === undefined) continue
		headers[name] = Array.isArray(value) ? value.join(", ") : value
	}
	return headers
}
