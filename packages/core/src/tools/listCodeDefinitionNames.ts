import { stat } from "node:fs/promises"
import nodePath from "node:path"
import { z } from "zod"
import { displayPath, entryFilter, gatePath, ignoredPathError } from "../approval/pathGate.js"
import { findDefinitions, type CodeDefinition } from "../code-definitions/definitions.js"
import { grammarFor, supportedExtensions } from "../code-definitions/languages.js"
import { openRegularFile, readCapped } from "../workspace/repositoryFile.js"
import type { ResolvedPath } from "../workspace/workspacePaths.js"
import type { ToolDefinition } from "./toolDefinition.js"
import { commonRipgrepArgs, runRipgrep } from "./support/ripgrep.js"
import { toolError, withFeedback } from "./support/toolResults.js"

/** An outline, not a dump: enough definitions to see a folder's shape, files small enough to parse quickly. */
export const definitionLimits = { maxDefinitions: 400, maxFiles: 100, maxFileBytes: 1_000_000 }

const params = z.object({
	path: z.string().min(1).describe("A source file or a folder."),
})
export type ListCodeDefinitionNamesParams = z.infer<typeof params>

interface FileOutline {
	shown: string
	definitions: CodeDefinition[]
	/** Why the file has no outline, when it has none: completes "<the file> …". */
	skipped?: string
}

async function outlineFile(absolute: string, shown: string): Promise<FileOutline> {
	const grammar = grammarFor(absolute)
	if (grammar === undefined) return { shown, definitions: [], skipped: "is not a supported language" }
	const opened = await openRegularFile(absolute)
	if (opened.kind === "absent")
		return { shown, definitions: [], skipped: "was deleted while it was being read" }
	if (opened.kind === "skipped") return { shown, definitions: [], skipped: opened.why }
	try {
		const read = await readCapped(opened.handle, definitionLimits.maxFileBytes)
		if (read.truncated)
			return {
				shown,
				definitions: [],
				skipped: `is too large to parse (over ${definitionLimits.maxFileBytes} bytes)`,
			}
		return { shown, definitions: await findDefinitions(read.text, grammar) }
	} finally {
		await opened.handle.close()
	}
}

/** The folder's own source files (not its subfolders'), skipping what .gitignore excludes. */
async function sourceFilesOf(folder: string, signal: AbortSignal): Promise<string[]> {
	const files: string[] = []
	const run = await runRipgrep(["--files", "--max-depth", "1", ...commonRipgrepArgs, "."], {
		cwd: folder,
		signal,
		onLine: (line) => {
			const file = line.replace(/^\.\//, "")
			if (grammarFor(file) !== undefined) files.push(file)
			return true
		},
	})
	if (run.exitCode === 2 && files.length === 0) throw new Error(run.stderr || "ripgrep failed")
	return files.sort((a, b) => a.localeCompare(b))
}

function entryPath(folder: ResolvedPath, file: string): string {
	const base = displayPath(folder)
	return base === "." ? file : `${base}/${file}`
}

/** `12--40 | export class Server {` per definition, under a `# file` heading, within the cap. */
function render(outlines: FileOutline[]): { text: string; omitted: number } {
	const sections: string[] = []
	let shownCount = 0
	let omitted = 0
	for (const outline of outlines) {
		if (outline.skipped !== undefined) continue
		if (outline.definitions.length === 0) continue
		const room = definitionLimits.maxDefinitions - shownCount
		const kept = outline.definitions.slice(0, Math.max(room, 0))
		omitted += outline.definitions.length - kept.length
		shownCount += kept.length
		if (kept.length === 0) continue
		const lines = kept.map(
			(definition) => `${definition.startLine}--${definition.endLine} | ${definition.header}`,
		)
		sections.push([`# ${outline.shown}`, ...lines].join("\n"))
	}
	return { text: sections.join("\n\n"), omitted }
}

export const listCodeDefinitionNamesTool: ToolDefinition<ListCodeDefinitionNamesParams> = {
	name: "list_code_definition_names",
	description: [
		"Outline source code: the classes, functions, methods and types defined in a file, or in each source file at the top level of a folder, with their line ranges (`start--end | first line`), to find what to read.",
	].join("\n"),
	params,
	preview(partial) {
		if (typeof partial.path !== "string" || partial.path === "") return undefined
		return { ask: "tool", row: { tool: "listCodeDefinitionNames", path: partial.path } }
	},
	async execute({ path: requested }, context) {
		const target = await gatePath(context, requested, {
			access: "list",
			row: (path) => ({ tool: "listCodeDefinitionNames", path: path.relative }),
		})
		if (!target.ok) return target.result
		const { path, feedback } = target
		const shown = displayPath(path)
		const info = await stat(path.absolute).catch(() => undefined)
		if (info === undefined) return toolError(`${shown} does not exist. Check the path with list_files.`)
		const allowed = await entryFilter(context, path)

		let outlines: FileOutline[]
		let notes: string[] = []
		try {
			if (info.isDirectory()) {
				const files = await sourceFilesOf(path.absolute, context.signal)
				const visible = files.filter((file) => allowed(nodePath.join(path.absolute, file), false))
				const hidden = files.length - visible.length
				const parsed = visible.slice(0, definitionLimits.maxFiles)
				outlines = []
				for (const file of parsed)
					outlines.push(
						await outlineFile(nodePath.join(path.absolute, file), entryPath(path, file)),
					)
				if (visible.length > parsed.length)
					notes.push(
						`[${visible.length - parsed.length} more source files not outlined: at most ${definitionLimits.maxFiles} per call. Ask for single files to see them.]`,
					)
				if (hidden > 0) notes.push(`[${hidden} files hidden by .cairnignore.]`)
				const tooLarge = outlines.filter((outline) => outline.skipped !== undefined)
				for (const outline of tooLarge) notes.push(`[${outline.shown} ${outline.skipped}.]`)
			} else {
				if (!allowed(path.absolute, false)) return ignoredPathError(path.relative)
				if (grammarFor(path.absolute) === undefined)
					return toolError(
						`${shown} is not a source file this tool can outline (it knows ${supportedExtensions.join(" ")}). Use read_file or search_files instead.`,
					)
				outlines = [await outlineFile(path.absolute, shown)]
				if (outlines[0]?.skipped !== undefined)
					return toolError(
						`${shown} ${outlines[0].skipped}; use search_files to find what you need in it.`,
					)
			}
		} catch (error) {
			return toolError(`Could not outline ${shown}: ${(error as Error).message}`)
		}
		const { text, omitted } = render(outlines)
		if (omitted > 0)
			notes = [
				`[${omitted} more definitions not shown: the outline is capped at ${definitionLimits.maxDefinitions}. Ask for a single file or a subfolder to see the rest.]`,
				...notes,
			]
		const empty = info.isDirectory()
			? `No definitions found in the source files at the top level of ${shown} (files that .gitignore excludes are skipped; subfolders are not looked into).`
			: `No definitions found in ${shown}.`
		return withFeedback([text === "" ? empty : text, ...notes].join("\n\n"), feedback)
	},
}
