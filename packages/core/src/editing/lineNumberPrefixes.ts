import type { SearchReplaceBlock } from "./searchReplaceBlocks.js"

// The prefix read_file puts before every line ("  12 | text"); an empty line's prefix may lose
// its trailing space when a model copies it.
const prefix = /^\s*(\d+) \|(?: |$)/

/** True when every non-empty line carries a read_file line-number prefix (and one does). */
function allNumbered(lines: readonly string[]): boolean {
	const filled = lines.filter((line) => line.trim() !== "")
	return filled.length > 0 && filled.every((line) => prefix.test(line))
}

const strip = (lines: readonly string[]) => lines.map((line) => line.replace(prefix, ""))

/**
 * The block without the line numbers a model copied from read_file's output, or undefined when
 * its SEARCH lines are not all numbered. REPLACE lines lose theirs only when all carry one: a
 * replacement that merely starts with digits and a bar is left as written. The first number
 * becomes the start-line hint when the block has none.
 */
export function withoutLineNumbers(block: SearchReplaceBlock): SearchReplaceBlock | undefined {
	if (!allNumbered(block.search)) return undefined
	const first = block.search.map((line) => prefix.exec(line)).find((match) => match !== null)
	const startLine = block.startLine ?? (first ? Number(first[1]) : undefined)
	return {
		...block,
		search: strip(block.search),
		replace: allNumbered(block.replace) ? strip(block.replace) : block.replace,
		...(startLine !== undefined && { startLine }),
	}
}
