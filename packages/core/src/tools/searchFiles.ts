import { stat } from "node:fs/promises"
import nodePath from "node:path"
import { z } from "zod"
import { displayPath, entryFilter, gatePath } from "../approval/pathGate.js"
import type { ResolvedPath } from "../workspace/workspacePaths.js"
import type { ToolContext, ToolDefinition } from "./toolDefinition.js"
import { commonRipgrepArgs, runRipgrep } from "./support/ripgrep.js"
import { toolError, withFeedback } from "./support/toolResults.js"

export const searchLimits = { maxMatches: 300, maxLineChars: 300 }

const params = z.object({
	path: z.string().min(1).describe('The folder or file ("." for all).'),
	regex: z.string().min(1).describe("Rust regex syntax, e.g. `fn \\w+\\(`."),
	file_pattern: z.string().min(1).optional().describe("Only files matching this glob, e.g. `*.ts`."),
})
export type SearchFilesParams = z.infer<typeof params>

/** ripgrep's --json output: text fields come as `text`, or as base64 `bytes` when not UTF-8. */
const rgText = z.union([z.object({ text: z.string() }), z.object({ bytes: z.string() })])
const rgLine = z.object({
	type: z.enum(["match", "context"]),
	data: z.object({ path: rgText, lines: rgText, line_number: z.number().nullable() }),
})

const textOf = (value: z.infer<typeof rgText>) =>
	"text" in value ? value.text : Buffer.from(value.bytes, "base64").toString("utf8")

interface FileHits {
	path: string
	lines: Map<number, string>
	matches: number
}

function formatFile(hits: FileHits): string {
	const numbers = [...hits.lines.keys()].sort((a, b) => a - b)
	const width = String(numbers.at(-1) ?? 1).length
	const out = [`# ${hits.path}`]
	numbers.forEach((number, i) => {
		const previous = numbers[i - 1]
		if (previous !== undefined && number > previous + 1) out.push("----")
		out.push(`${String(number).padStart(width)} | ${hits.lines.get(number) ?? ""}`)
	})
	return out.join("\n")
}

function parseJson(line: string): unknown {
	try {
		return JSON.parse(line)
	} catch {
		return undefined
	}
}

function clip(line: string): string {
	const text = line.replace(/\r?\n$/, "")
	return text.length > searchLimits.maxLineChars ? `${text.slice(0, searchLimits.maxLineChars)} …` : text
}

/** Searches with ripgrep run from the folder itself, so its paths come relative to that folder. */
async function search(target: ResolvedPath, isFile: boolean, p: SearchFilesParams, context: ToolContext) {
	const cwd = isFile ? nodePath.dirname(target.absolute) : target.absolute
	const operand = isFile ? nodePath.basename(target.absolute) : "."
	const args = ["--json", "--context", "1", ...commonRipgrepArgs]
	if (p.file_pattern !== undefined) args.push("--glob", p.file_pattern)
	args.push("--regexp", p.regex, "--", operand)

	const files = new Map<string, FileHits>()
	const hidden = new Set<string>()
	const isAllowed = await entryFilter(context, target)
	let matches = 0
	const run = await runRipgrep(args, {
		cwd,
		signal: context.signal,
		onLine: (line) => {
			const parsed = rgLine.safeParse(parseJson(line))
			if (!parsed.success || parsed.data.data.line_number === null) return true
			const { data, type } = parsed.data
			const local = textOf(data.path).replace(/^\.\//, "")
			const relative = isFile
				? target.relative
				: target.relative === "."
					? local
					: `${target.relative}/${local}`
			if (!isAllowed(nodePath.join(cwd, local), false)) {
				hidden.add(relative)
				return true
			}
			const shown = target.isOutsideWorkspace ? nodePath.join(cwd, local) : relative
			if (type === "match") {
				if (matches >= searchLimits.maxMatches) return false
				matches++
			}
			const hits = files.get(shown) ?? { path: shown, lines: new Map(), matches: 0 }
			files.set(shown, hits)
			hits.lines.set(data.line_number ?? 0, clip(textOf(data.lines)))
			if (type === "match") hits.matches++
			return true
		},
	})
	return { run, files: [...files.values()].filter((f) => f.matches > 0), matches, hidden: hidden.size }
}

export const searchFilesTool: ToolDefinition<SearchFilesParams> = {
	name: "search_files",
	description: [
		"Search file contents with a regex (ripgrep, skipping .gitignore'd files): matches by file, with line numbers and a line of context.",
		`At most ${searchLimits.maxMatches} matches; narrow the search if you hit that.`,
	].join("\n"),
	params,
	preview(partial) {
		if (typeof partial.path !== "string" || partial.path === "") return undefined
		const regex = typeof partial.regex === "string" ? partial.regex : ""
		const filePattern = typeof partial.file_pattern === "string" ? partial.file_pattern : undefined
		return { ask: "tool", row: { tool: "searchFiles", path: partial.path, regex, filePattern } }
	},
	async execute(p, context) {
		const target = await gatePath(context, p.path, {
			access: "search",
			row: (path) => ({
				tool: "searchFiles",
				path: path.relative,
				regex: p.regex,
				filePattern: p.file_pattern,
			}),
		})
		if (!target.ok) return target.result
		const { path, feedback } = target
		const shown = displayPath(path)
		const info = await stat(path.absolute).catch(() => undefined)
		if (info === undefined)
			return toolError(`${shown} does not exist. Search "." to search the whole workspace.`)

		let found
		try {
			found = await search(path, !info.isDirectory(), p, context)
		} catch (error) {
			return toolError(`The search failed: ${(error as Error).message}`)
		}
		const { run, files, matches, hidden } = found
		if (run.exitCode === 2 && matches === 0 && /regex|parse error/i.test(run.stderr)) {
			return toolError(
				`The regex is invalid for ripgrep (Rust regex syntax):\n${run.stderr}\nFix the regex and search again; escape ( [ { . * + ? | with a backslash to match them literally.`,
			)
		}
		if (run.exitCode === 2 && matches === 0) return toolError(`The search failed: ${run.stderr}`)

		const notes: string[] = []
		if (run.stopped)
			notes.push(
				`[Stopped at ${searchLimits.maxMatches} matches; there are more. Narrow the regex, the path or file_pattern.]`,
			)
		if (hidden > 0) notes.push(`[Matches in ${hidden} file(s) hidden by .cairnignore.]`)
		if (run.exitCode === 2 && run.stderr !== "")
			notes.push(`[Some files could not be searched: ${run.stderr.slice(0, 500)}]`)
		if (matches === 0)
			return withFeedback(
				[`No matches for ${JSON.stringify(p.regex)} in ${shown}.`, ...notes].join("\n\n"),
				feedback,
			)

		const head = `Found ${matches} ${matches === 1 ? "match" : "matches"} in ${files.length} ${files.length === 1 ? "file" : "files"}.`
		return withFeedback([head, ...files.map(formatFile), ...notes].join("\n\n"), feedback)
	},
}
