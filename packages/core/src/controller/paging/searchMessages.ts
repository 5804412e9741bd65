import { maxTaskSearchResults, type ClineMessage, type ExtensionMessageOf } from "@cairn/types"

type SearchAnswer = Pick<ExtensionMessageOf<"taskSearchResults">, "results" | "truncated">

/** Characters of context a snippet shows before and after the match. */
const before = 40
const after = 80

function snippetOf(text: string, at: number, length: number): string {
	const start = Math.max(0, at - before)
	const end = Math.min(text.length, at + length + after)
	const body = text.slice(start, end).replace(/\s+/g, " ").trim()
	return `${start > 0 ? "…" : ""}${body}${end < text.length ? "…" : ""}`
}

/**
 * Messages of a whole task whose text contains `query` (ignoring case), oldest first, each with
 * a short snippet around its first match; at most `limit`, the rest only counted as truncated.
 */
export function searchMessages(
	messages: readonly ClineMessage[],
	query: string,
	limit = maxTaskSearchResults,
): SearchAnswer {
	const needle = query.toLowerCase()
	const results: SearchAnswer["results"] = []
	for (const message of messages) {
		const text = message.text
		if (text === undefined || text.length < needle.length) continue
		const at = text.toLowerCase().indexOf(needle)
		if (at < 0) continue
		if (results.length === limit) return { results, truncated: true }
		results.push({ ts: message.ts, snippet: snippetOf(text, at, needle.length) })
	}
	return { results, truncated: false }
}
