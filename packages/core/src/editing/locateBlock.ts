import type { SearchReplaceBlock } from "./searchReplaceBlocks.js"

/** Where a block's search text sits in the file, and how its replacement must be adjusted. */
export interface BlockLocation {
	/** 0-based index of the first matched line. */
	start: number
	/** Number of file lines the block replaces. */
	length: number
	/** The replacement, re-indented when the match ignored indentation. */
	replacement: string[]
	strategy: MatchStrategy
}

export type MatchStrategy = "exact" | "trailing-whitespace" | "indentation" | "html-entities"

export type LocateResult =
	| { ok: true; location: BlockLocation }
	| { ok: false; reason: "not-found" }
	| { ok: false; reason: "ambiguous"; lines: number[] }

type LineEquality = (fileLine: string, searchLine: string) => boolean

const entities: Record<string, string> = {
	"&lt;": "<",
	"&gt;": ">",
	"&amp;": "&",
	"&quot;": '"',
	"&#39;": "'",
	"&apos;": "'",
}
// Some models escape HTML in their edits (<, > and & arrive as entities); the file has the real characters.
const unescapeEntities = (line: string) =>
	line.replace(/&(lt|gt|amp|quot|#39|apos);/g, (m) => entities[m] ?? m)

const leadingWhitespace = (line: string) => /^\s*/.exec(line)?.[0] ?? ""

function positionsOf(fileLines: readonly string[], search: readonly string[], equal: LineEquality): number[] {
	const found: number[] = []
	const first = search[0] ?? ""
	for (let start = 0; start + search.length <= fileLines.length; start++) {
		if (!equal(fileLines[start] ?? "", first)) continue
		let matches = true
		for (let j = 1; j < search.length; j++) {
			if (!equal(fileLines[start + j] ?? "", search[j] ?? "")) {
				matches = false
				break
			}
		}
		if (matches) found.push(start)
	}
	return found
}

/**
 * Keeps the replacement's shape but moves it to the file's indentation: the model wrote the
 * search text with different leading whitespace, so its replacement is offset the same way.
 */
function reindent(
	replace: readonly string[],
	search: readonly string[],
	matched: readonly string[],
): string[] {
	const pivot = search.findIndex((line) => line.trim() !== "")
	if (pivot < 0) return [...replace]
	const modelIndent = leadingWhitespace(search[pivot] ?? "")
	const fileIndent = leadingWhitespace(matched[pivot] ?? "")
	return replace.map((line) => {
		if (line.trim() === "") return line
		return line.startsWith(modelIndent)
			? fileIndent + line.slice(modelIndent.length)
			: fileIndent + line.trimStart()
	})
}

const strategies: { strategy: MatchStrategy; equal: LineEquality; reindents: boolean; unescape: boolean }[] =
	[
		{ strategy: "exact", equal: (a, b) => a === b, reindents: false, unescape: false },
		{
			strategy: "trailing-whitespace",
			equal: (a, b) => a.trimEnd() === b.trimEnd(),
			reindents: false,
			unescape: false,
		},
		{ strategy: "indentation", equal: (a, b) => a.trim() === b.trim(), reindents: true, unescape: false },
		{
			strategy: "html-entities",
			equal: (a, b) => a.trim() === b.trim(),
			reindents: true,
			unescape: true,
		},
	]

/**
 * Finds a block's search text, strictest comparison first. Several matches are resolved by the
 * block's start-line hint; without one they are ambiguous rather than guessed.
 */
export function locateBlock(fileLines: readonly string[], block: SearchReplaceBlock): LocateResult {
	for (const { strategy, equal, reindents, unescape } of strategies) {
		const search = unescape ? block.search.map(unescapeEntities) : block.search
		if (unescape && search.every((line, i) => line === block.search[i])) continue
		const found = positionsOf(fileLines, search, equal)
		if (found.length === 0) continue
		let start = found[0] ?? 0
		if (found.length > 1) {
			if (block.startLine === undefined)
				return { ok: false, reason: "ambiguous", lines: found.map((s) => s + 1) }
			const hint = block.startLine - 1
			start = found.reduce((best, s) => (Math.abs(s - hint) < Math.abs(best - hint) ? s : best))
		}
		const replace = unescape ? block.replace.map(unescapeEntities) : block.replace
		const matched = fileLines.slice(start, start + search.length)
		return {
			ok: true,
			location: {
				start,
				length: search.length,
				replacement: reindents ? reindent(replace, search, matched) : [...replace],
				strategy,
			},
		}
	}
	return { ok: false, reason: "not-found" }
}
