import type { FileHandle } from "node:fs/promises"
import { createInterface } from "node:readline"
import { z } from "zod"
import { displayPath, gatePath } from "../approval/pathGate.js"
import { contentHasher, type ContentHash } from "../context/fileContext/fileFingerprint.js"
import { openRegularFile } from "../workspace/repositoryFile.js"
import type { ToolDefinition } from "./toolDefinition.js"
import { formatBytes, inspectFile } from "./support/textFile.js"
import { toolError, withFeedback } from "./support/toolResults.js"

/** One read's budget: enough to understand a file, small enough to leave room in the context. */
export const readLimits = { maxLines: 2_000, maxChars: 100_000, maxLineChars: 5_000 }

const params = z.object({
	path: z.string().min(1).describe("The file."),
	start_line: z.coerce.number().int().min(1).optional().describe("First line, 1-based."),
	end_line: z.coerce.number().int().min(1).optional().describe("Last line, inclusive."),
})
export type ReadFileParams = z.infer<typeof params>

interface Excerpt {
	lines: { number: number; text: string }[]
	totalLines: number
	/** The last line shown, when the read stopped early because of the budget. */
	cutAfter: number | undefined
	/** Of all the bytes read, which are the whole file as the model now knows it. */
	hash: ContentHash
}

async function readExcerpt(handle: FileHandle, first: number, last: number): Promise<Excerpt> {
	const lines: Excerpt["lines"] = []
	let chars = 0
	let totalLines = 0
	let cutAfter: number | undefined
	const input = handle.createReadStream({ autoClose: false })
	const lineReader = createInterface({ input, crlfDelay: Infinity })
	// Hashing the bytes this read saw, not the file later: a change in between must not go unnoticed.
	const hasher = contentHasher()
	input.on("data", (chunk) => hasher.update(chunk))
	// Counting goes on to the end of the file so the note can say how long it is.
	for await (const text of lineReader) {
		totalLines++
		if (totalLines < first || totalLines > last || cutAfter !== undefined) continue
		const shown =
			text.length > readLimits.maxLineChars
				? `${text.slice(0, readLimits.maxLineChars)} … [line cut: ${text.length - readLimits.maxLineChars} more characters]`
				: text
		if (
			lines.length >= readLimits.maxLines ||
			(lines.length > 0 && chars + shown.length > readLimits.maxChars)
		) {
			cutAfter = totalLines - 1
			continue
		}
		lines.push({ number: totalLines, text: shown })
		chars += shown.length + 1
	}
	return { lines, totalLines, cutAfter, hash: hasher.digest() }
}

function numbered(lines: Excerpt["lines"]): string {
	const width = String(lines.at(-1)?.number ?? 1).length
	return lines.map((line) => `${String(line.number).padStart(width)} | ${line.text}`).join("\n")
}

export const readFileTool: ToolDefinition<ReadFileParams> = {
	name: "read_file",
	description: [
		"Read a text file, lines numbered (`12 | text`; the numbers are not in the file).",
		`At most ${readLimits.maxLines} lines (~${readLimits.maxChars / 1000} KB) a call; a longer file ends with a note on reading on.`,
	].join("\n"),
	params,
	preview(partial) {
		if (typeof partial.path !== "string" || partial.path === "") return undefined
		return { ask: "tool", row: { tool: "readFile", path: partial.path } }
	},
	async execute({ path: requested, start_line, end_line }, context) {
		if (start_line !== undefined && end_line !== undefined && end_line < start_line)
			return toolError(
				`end_line (${end_line}) is before start_line (${start_line}); give a range that goes forward.`,
			)
		const ranged = start_line !== undefined || end_line !== undefined
		const reason = ranged ? `lines ${start_line ?? 1}-${end_line ?? "end"}` : undefined
		const target = await gatePath(context, requested, {
			access: "read",
			row: (path) => ({ tool: "readFile", path: path.relative, reason }),
		})
		if (!target.ok) return target.result
		const { path, feedback } = target
		const shown = displayPath(path)

		const file = await inspectFile(path.absolute)
		if (file.kind === "missing")
			return toolError(`${shown} does not exist. Check the path with list_files or search_files.`)
		if (file.kind === "folder")
			return toolError(`${shown} is a folder, not a file. Use list_files to see what it holds.`)
		if (file.kind === "binary")
			return toolError(
				`${shown} is a binary file (${formatBytes(file.size)}), not UTF-8 text, so read_file cannot show it. ` +
					"Work out what you need from its name, or use execute_command with a suitable tool (e.g. `file`, `xxd | head`).",
			)

		if (file.kind === "special")
			return toolError(`${shown} ${file.why}; read_file reads regular files only.`)

		const first = start_line ?? 1
		// Opened again the same way: what is read is the regular file that was inspected, never a FIFO put there since.
		const opened = await openRegularFile(path.absolute)
		if (opened.kind === "absent") return toolError(`${shown} was deleted while it was being read.`)
		if (opened.kind === "skipped")
			return toolError(`${shown} ${opened.why}; read_file reads regular files only.`)
		let excerpt: Excerpt
		try {
			excerpt = await readExcerpt(opened.handle, first, end_line ?? Number.POSITIVE_INFINITY)
		} finally {
			await opened.handle.close()
		}
		if (excerpt.totalLines > 0 && first > excerpt.totalLines)
			return toolError(
				`start_line ${first} is past the end of ${shown}, which has ${excerpt.totalLines} lines.`,
			)
		// Even a part of a file read is the model's picture of it: a change anywhere is worth telling.
		context.fileContext?.modelHasSeen(path, excerpt.hash)
		if (excerpt.totalLines === 0) return withFeedback(`${shown} is empty.`, feedback)

		let text = numbered(excerpt.lines)
		const lastShown = excerpt.lines.at(-1)?.number ?? first
		if (excerpt.cutAfter !== undefined) {
			text +=
				`\n\n[Showing lines ${first}-${lastShown} of ${excerpt.totalLines}: the rest did not fit in one read. ` +
				`To read more, call read_file with start_line ${lastShown + 1} (and an end_line if you only need part).]`
		} else if (ranged && (first > 1 || lastShown < excerpt.totalLines)) {
			text += `\n\n[Showing lines ${first}-${lastShown} of ${excerpt.totalLines}.]`
		}
		return withFeedback(text, feedback)
	},
}
