import { readdir, stat } from "node:fs/promises"
import nodePath from "node:path"
import { z } from "zod"
import { displayPath, entryFilter, gatePath } from "../approval/pathGate.js"
import type { ResolvedPath } from "../workspace/workspacePaths.js"
import type { ToolDefinition } from "./toolDefinition.js"
import { commonRipgrepArgs, runRipgrep } from "./support/ripgrep.js"
import { toolError, withFeedback } from "./support/toolResults.js"

/** Entries shown per call: enough for a project's shape, not a dump of every file. */
export const listLimits = { maxEntries: 500, maxScannedFiles: 20_000 }

const params = z.object({
	path: z.string().min(1).describe('The folder ("." for the root).'),
	recursive: z.boolean().optional().describe("Include subfolders' entries."),
})
export type ListFilesParams = z.infer<typeof params>

interface Listing {
	/** Paths relative to the listed folder, "/"-separated; folders end with "/". */
	entries: string[]
	hidden: number
	/** The walk stopped before the end of the tree. */
	incomplete: boolean
}

/** How a listed entry is named to the model: a path it can pass straight to the other tools. */
function entryPath(folder: ResolvedPath, entry: string): string {
	if (folder.isOutsideWorkspace) return `${folder.absolute}/${entry}`
	return folder.relative === "." ? entry : `${folder.relative}/${entry}`
}

/** Whether an entry (relative to the listed folder) may be shown. */
type EntryCheck = (entry: string, isFolder: boolean) => boolean

async function listTopLevel(folder: ResolvedPath, isAllowed: EntryCheck): Promise<Listing> {
	const dirents = await readdir(folder.absolute, { withFileTypes: true })
	let hidden = 0
	const entries: string[] = []
	for (const dirent of dirents) {
		let isFolder = dirent.isDirectory()
		if (dirent.isSymbolicLink())
			isFolder = await stat(nodePath.join(folder.absolute, dirent.name)).then(
				(s) => s.isDirectory(),
				() => false,
			)
		if (!isAllowed(dirent.name, isFolder)) hidden++
		else entries.push(isFolder ? `${dirent.name}/` : dirent.name)
	}
	return { entries, hidden, incomplete: false }
}

/** Every file ripgrep finds (honouring .gitignore), plus the folders that hold them. */
async function listRecursive(
	folder: ResolvedPath,
	isAllowed: EntryCheck,
	signal: AbortSignal,
): Promise<Listing> {
	const files: string[] = []
	let hidden = 0
	const run = await runRipgrep(["--files", ...commonRipgrepArgs, "."], {
		cwd: folder.absolute,
		signal,
		onLine: (line) => {
			const file = line.replace(/^\.\//, "")
			if (isAllowed(file, false)) files.push(file)
			else hidden++
			return files.length + hidden < listLimits.maxScannedFiles
		},
	})
	if (run.exitCode === 2 && files.length === 0 && !run.stopped)
		throw new Error(run.stderr || "ripgrep failed")
	const folders = new Set<string>()
	for (const file of files) {
		const parts = file.split("/")
		for (let depth = 1; depth < parts.length; depth++) folders.add(`${parts.slice(0, depth).join("/")}/`)
	}
	return { entries: [...folders, ...files], hidden, incomplete: run.stopped }
}

/** The shallowest entries first, so a capped listing still shows the tree's upper levels whole. */
function capBreadthFirst(entries: string[], max: number): string[] {
	const depth = (entry: string) => entry.replace(/\/$/, "").split("/").length
	const kept = [...entries].sort((a, b) => depth(a) - depth(b) || a.localeCompare(b)).slice(0, max)
	return kept.sort((a, b) => a.localeCompare(b))
}

export const listFilesTool: ToolDefinition<ListFilesParams> = {
	name: "list_files",
	description: [
		"List a folder's entries (folders end with /), skipping .gitignore'd ones.",
		`At most ${listLimits.maxEntries}, upper levels first; list a subfolder to see more.`,
	].join("\n"),
	params,
	preview(partial) {
		if (typeof partial.path !== "string" || partial.path === "") return undefined
		return {
			ask: "tool",
			row: {
				tool: partial.recursive === true ? "listFilesRecursive" : "listFilesTopLevel",
				path: partial.path,
			},
		}
	},
	async execute({ path: requested, recursive }, context) {
		const tool = recursive === true ? "listFilesRecursive" : "listFilesTopLevel"
		const target = await gatePath(context, requested, {
			access: "list",
			row: (path) => ({ tool, path: path.relative }),
		})
		if (!target.ok) return target.result
		const { path, feedback } = target
		const shown = displayPath(path)
		const info = await stat(path.absolute).catch(() => undefined)
		if (info === undefined)
			return toolError(`${shown} does not exist. List its parent folder to see what is there.`)
		if (!info.isDirectory())
			return toolError(`${shown} is a file, not a folder. Use read_file to read it.`)

		const allowed = await entryFilter(context, path)
		const isAllowed: EntryCheck = (entry, isFolder) =>
			allowed(nodePath.join(path.absolute, entry), isFolder)
		let listing: Listing
		try {
			listing =
				recursive === true
					? await listRecursive(path, isAllowed, context.signal)
					: await listTopLevel(path, isAllowed)
		} catch (error) {
			return toolError(`Could not list ${shown}: ${(error as Error).message}`)
		}
		const shownEntries = capBreadthFirst(listing.entries, listLimits.maxEntries)
		const lines = shownEntries.map((entry) => entryPath(path, entry))
		const notes: string[] = []
		const omitted = listing.entries.length - shownEntries.length
		if (omitted > 0 || listing.incomplete) {
			const more = listing.incomplete ? `more than ${omitted}` : String(omitted)
			notes.push(
				`[${more} more entries not shown: the listing is capped at ${listLimits.maxEntries}. List a subfolder to see the rest.]`,
			)
		}
		if (listing.hidden > 0) notes.push(`[${listing.hidden} entries hidden by .cairnignore.]`)
		const empty =
			recursive === true
				? `No files found in ${shown} (files that .gitignore excludes are not listed).`
				: `${shown} is empty.`
		const body = lines.length === 0 ? empty : lines.join("\n")
		return withFeedback([body, ...notes].join("\n\n"), feedback)
	},
}
