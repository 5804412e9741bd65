/**
 * The `apply_diff` format: one or more blocks of
 *
 *     <<<<<<< SEARCH
 *     :start_line:12        (optional hint)
 *     -------               (optional)
 *     old lines
 *     =======
 *     new lines
 *     >>>>>>> REPLACE
 *
 * Models miscount the marker characters, so 5-9 of them are accepted. A marker line that
 * belongs to the content is escaped with a leading backslash.
 *
 * The hints and the divider belong to the format only as a block's header, right after
 * "<<<<<<< SEARCH" (one divider at most: a second one, or `---` as in YAML front matter, is
 * content). Models sometimes repeat the header after "=======": hints there are dropped too,
 * with the divider that follows them, so they never reach the file.
 */
export interface SearchReplaceBlock {
	/** 1-based position of the block in the diff, for error messages. */
	index: number
	search: string[]
	replace: string[]
	/** 1-based line where the model believes the search text starts. */
	startLine?: number
}

export type ParsedBlocks = { ok: true; blocks: SearchReplaceBlock[] } | { ok: false; error: string }

const searchMarker = /^<{5,9} ?SEARCH\s*$/
const separatorMarker = /^={5,9}\s*$/
const replaceMarker = /^>{5,9} ?REPLACE\s*$/
const dividerLine = /^-{5,9}\s*$/
const startLineHint = /^:start_line:\s*(\d+)\s*$/
const endLineHint = /^:end_line:\s*(\d+)\s*$/
const escapedMarker = /^\\(<{5,9} ?SEARCH|={5,9}|>{5,9} ?REPLACE|-{3,9})\s*$/

const unescape = (line: string) => (escapedMarker.test(line) ? line.slice(1) : line)

interface Header {
	/** Index of the first line after the header. */
	next: number
	startLine?: number
	hasHint: boolean
}

/** Reads start/end-line hints and at most one divider, in any order, from `lines[i]` on. */
function readHeader(lines: readonly string[], i: number): Header {
	const header: Header = { next: i, hasHint: false }
	let divided = false
	for (; ; header.next++) {
		const line = lines[header.next] ?? ""
		const start = startLineHint.exec(line)
		if (start) header.startLine = Number(start[1])
		else if (dividerLine.test(line) && !divided) {
			divided = true
			continue
		} else if (!endLineHint.test(line)) return header
		header.hasHint = true
	}
}

export function parseSearchReplaceBlocks(diff: string): ParsedBlocks {
	const lines = diff.replace(/\r\n/g, "\n").split("\n")
	const blocks: SearchReplaceBlock[] = []
	let i = 0
	const fail = (error: string): ParsedBlocks => ({ ok: false, error })

	while (i < lines.length) {
		if (!searchMarker.test(lines[i] ?? "")) {
			if ((lines[i] ?? "").trim() !== "" && blocks.length === 0) {
				return fail(
					`line ${i + 1}: expected "<<<<<<< SEARCH" to open a block, found ${JSON.stringify(lines[i])}`,
				)
			}
			i++
			continue
		}
		const index = blocks.length + 1
		const opened = i + 1
		i++
		const header = readHeader(lines, i)
		let startLine = header.startLine
		i = header.next
		const search: string[] = []
		while (i < lines.length && !separatorMarker.test(lines[i] ?? "")) {
			if (searchMarker.test(lines[i] ?? "") || replaceMarker.test(lines[i] ?? "")) {
				return fail(
					`block ${index} (opened at line ${opened}): found ${JSON.stringify(lines[i])} before "=======" ended the SEARCH part`,
				)
			}
			search.push(unescape(lines[i] ?? ""))
			i++
		}
		if (i >= lines.length)
			return fail(`block ${index} (opened at line ${opened}): no "=======" line after the SEARCH part`)
		i++
		const repeated = readHeader(lines, i)
		if (repeated.hasHint) {
			i = repeated.next
			startLine ??= repeated.startLine
		}
		const replace: string[] = []
		while (i < lines.length && !replaceMarker.test(lines[i] ?? "")) {
			if (searchMarker.test(lines[i] ?? "") || separatorMarker.test(lines[i] ?? "")) {
				return fail(
					`block ${index} (opened at line ${opened}): found ${JSON.stringify(lines[i])} before ">>>>>>> REPLACE" closed the block`,
				)
			}
			replace.push(unescape(lines[i] ?? ""))
			i++
		}
		if (i >= lines.length)
			return fail(`block ${index} (opened at line ${opened}): no ">>>>>>> REPLACE" line closes it`)
		i++
		if (search.every((line) => line.trim() === "")) {
			return fail(
				`block ${index}: the SEARCH part is empty; use insert_content or write_to_file to add new text`,
			)
		}
		blocks.push({ index, search, replace, ...(startLine !== undefined && { startLine }) })
	}
	if (blocks.length === 0) return fail('no "<<<<<<< SEARCH" block found')
	return { ok: true, blocks }
}
