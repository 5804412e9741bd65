import { createTwoFilesPatch } from "diff"
import { closestCandidate } from "./closestCandidate.js"
import { withoutLineNumbers } from "./lineNumberPrefixes.js"
import { locateBlock, type BlockLocation, type MatchStrategy } from "./locateBlock.js"
import { parseSearchReplaceBlocks, type SearchReplaceBlock } from "./searchReplaceBlocks.js"

export interface BlockFailure {
	index: number
	/** Written for the model: what did not match, the closest text and how it differs. */
	message: string
}

export type SearchReplaceResult =
	| { ok: true; content: string; blocks: { index: number; startLine: number; strategy: MatchStrategy }[] }
	| { ok: false; error: string; failures: BlockFailure[] }

/** Below this, the closest text is not worth showing: the file has probably changed. */
const minUsefulSimilarity = 0.5

function splitLines(content: string): { lines: string[]; eol: string; trailingNewline: boolean } {
	const eol = content.includes("\r\n") ? "\r\n" : "\n"
	const lines = content.split(/\r?\n/)
	const trailingNewline = lines.length > 1 && lines.at(-1) === ""
	if (trailingNewline) lines.pop()
	return { lines, eol, trailingNewline }
}

function describeNotFound(block: SearchReplaceBlock, fileLines: readonly string[]): string {
	const where = block.startLine !== undefined ? ` (hinted at line ${block.startLine})` : ""
	const head = `Block ${block.index}${where}: the SEARCH text was not found in the file, not even ignoring whitespace and indentation.`
	const candidate = closestCandidate(fileLines, block.search, block.startLine)
	if (candidate === undefined || candidate.similarity < minUsefulSimilarity) {
		return `${head} Nothing in the file is similar; read the file again, it may have changed.`
	}
	const first = candidate.start + 1
	const last = candidate.start + candidate.lines.length
	const patch = createTwoFilesPatch(
		"SEARCH",
		`file lines ${first}-${last}`,
		`${block.search.join("\n")}\n`,
		`${candidate.lines.join("\n")}\n`,
		"",
		"",
		{ context: 2 },
	)
	const differences = patch.split("\n").slice(2).join("\n").trimEnd()
	return `${head} The closest text is at lines ${first}-${last} (${Math.round(candidate.similarity * 100)}% similar). How it differs from your SEARCH text:\n${differences}`
}

/**
 * Applies every block of an `apply_diff` to `content`, or none: a block that does not match,
 * matches ambiguously or overlaps another makes the whole edit fail with the file unchanged.
 * Blocks are located in the original text, so their order in the diff does not matter.
 */
export function applySearchReplace(content: string, diff: string): SearchReplaceResult {
	const parsed = parseSearchReplaceBlocks(diff)
	if (!parsed.ok) return { ok: false, error: `The diff is malformed: ${parsed.error}`, failures: [] }

	const { lines, eol, trailingNewline } = splitLines(content)
	const failures: BlockFailure[] = []
	const located: (BlockLocation & { index: number })[] = []
	for (const written of parsed.blocks) {
		// Line numbers copied from read_file are not in the file; the text as written is tried first.
		const plain = withoutLineNumbers(written)
		let block = written
		let result = locateBlock(lines, written)
		if (!result.ok && result.reason === "not-found" && plain) {
			block = plain
			result = locateBlock(lines, plain)
		}
		if (result.ok) located.push({ ...result.location, index: block.index })
		else if (result.reason === "ambiguous") {
			failures.push({
				index: block.index,
				message: `Block ${block.index}: the SEARCH text appears ${result.lines.length} times (lines ${result.lines.join(", ")}); add :start_line: to say which, or include more surrounding lines.`,
			})
		} else failures.push({ index: block.index, message: describeNotFound(block, lines) })
	}

	const byPosition = [...located].sort((a, b) => a.start - b.start)
	for (let i = 1; i < byPosition.length; i++) {
		const [before, after] = [byPosition[i - 1], byPosition[i]]
		if (before && after && after.start < before.start + before.length) {
			failures.push({
				index: after.index,
				message: `Block ${after.index} overlaps block ${before.index} (both change line ${after.start + 1}); merge them into one block.`,
			})
		}
	}

	if (failures.length > 0) {
		failures.sort((a, b) => a.index - b.index)
		const summary = `No change was made: ${failures.length} of ${parsed.blocks.length} block(s) could not be applied.`
		return { ok: false, error: [summary, ...failures.map((f) => f.message)].join("\n\n"), failures }
	}

	const result = [...lines]
	for (const location of [...byPosition].reverse())
		result.splice(location.start, location.length, ...location.replacement)
	const text = result.join(eol) + (trailingNewline ? eol : "")
	const blocks = byPosition.map((l) => ({ index: l.index, startLine: l.start + 1, strategy: l.strategy }))
	return { ok: true, content: text, blocks }
}
