import { Fzf, type FzfResultItem } from "fzf"
import { commonRipgrepArgs, runRipgrep } from "../tools/support/ripgrep.js"
import { CairnIgnore } from "../workspace/ignoreRules.js"

/** A file or folder the mention menu offers, workspace-relative with "/" separators. */
export interface WorkspaceEntry {
	path: string
	type: "file" | "folder"
}

export const workspaceFilesLimits = {
	/** Files listed at most: a huge tree is searched by its first ones rather than not at all. */
	maxFiles: 200_000,
	/** A listing is reused for this long; typing a query's letters one by one lists once. */
	staleAfterMs: 3_000,
	results: 50,
}

/** Every file ripgrep finds, honouring .gitignore and .cairnignore, and the folders that hold them. */
async function listEntries(workspaceRoot: string): Promise<WorkspaceEntry[]> {
	const ignore = await CairnIgnore.load(workspaceRoot)
	const files: string[] = []
	const run = await runRipgrep(["--files", ...commonRipgrepArgs, "."], {
		cwd: workspaceRoot,
		signal: AbortSignal.timeout(20_000),
		onLine: (line) => {
			const file = line.replace(/^\.\//, "")
			if (ignore.isAllowed(file)) files.push(file)
			return files.length < workspaceFilesLimits.maxFiles
		},
	})
	if (run.exitCode === 2 && files.length === 0 && !run.stopped)
		throw new Error(run.stderr || "ripgrep failed")
	const folders = new Set<string>()
	for (const file of files) {
		for (let slash = file.indexOf("/"); slash !== -1; slash = file.indexOf("/", slash + 1))
			folders.add(file.slice(0, slash))
	}
	return [
		...[...folders]
			.filter((folder) => ignore.isFolderAllowed(folder))
			.map((path) => ({ path, type: "folder" as const })),
		...files.map((path) => ({ path, type: "file" as const })),
	]
}

/** How the menu shows an entry and fzf matches it: a folder ends with "/". */
const entryText = (entry: WorkspaceEntry) => (entry.type === "folder" ? `${entry.path}/` : entry.path)

const depth = (entry: WorkspaceEntry) => entry.path.split("/").length

/**
 * The workspace's files and folders for the mention menu, searched fuzzily (fzf's algorithm:
 * "cmpt" finds src/components/ChatTextArea.tsx). Only the first query waits for a listing: a
 * query that finds it a few seconds old is answered from it while the workspace is listed again
 * in the background, so files created or deleted show up a keystroke later, and typing never
 * waits for ripgrep.
 */
export class WorkspaceFiles {
	private listing:
		| {
				at: number
				finder: Fzf<WorkspaceEntry[]>
				/** What an empty query offers: the top of the tree. */
				shallowest: WorkspaceEntry[]
		  }
		| undefined
	private refreshing: Promise<void> | undefined

	constructor(
		private readonly workspaceRoot: string,
		private readonly list: (workspaceRoot: string) => Promise<WorkspaceEntry[]> = listEntries,
		private readonly now: () => number = Date.now,
	) {}

	/** The best matches for `query` (the text typed after "@/"); the shallowest entries for an empty one. */
	async search(query: string, limit = workspaceFilesLimits.results): Promise<WorkspaceEntry[]> {
		const listing = await this.current()
		const typed = query.replace(/^\/+/, "").trim()
		if (typed === "") return listing.shallowest.slice(0, limit)
		return listing.finder
			.find(typed)
			.slice(0, limit)
			.map((result: FzfResultItem<WorkspaceEntry>) => result.item)
	}

	/** Resolves once no listing is being made (for tests, which must not race the background one). */
	async settled(): Promise<void> {
		await this.refreshing?.catch(() => {})
	}

	private async current(): Promise<NonNullable<WorkspaceFiles["listing"]>> {
		const listing = this.listing
		if (listing !== undefined && this.now() - listing.at < workspaceFilesLimits.staleAfterMs)
			return listing
		this.refreshing ??= this.refresh().finally(() => (this.refreshing = undefined))
		if (listing !== undefined) {
			// Answered from the old listing; a failed listing again keeps it (and is tried at the next query).
			this.refreshing.catch(() => {})
			return listing
		}
		await this.refreshing
		if (this.listing === undefined) throw new Error("the workspace could not be listed")
		return this.listing
	}

	private async refresh(): Promise<void> {
		const entries = await this.list(this.workspaceRoot)
		const finder = new Fzf(entries, {
			selector: entryText,
			limit: workspaceFilesLimits.results,
			// v1 is fzf's fast algorithm: tens of milliseconds over 50,000 paths, where v2 takes more.
			fuzzy: "v1",
			casing: "case-insensitive",
			normalize: false,
		})
		const shallowest = entries
			.filter((entry) => depth(entry) <= 2)
			.sort((a, b) => depth(a) - depth(b) || a.path.localeCompare(b.path))
			.slice(0, workspaceFilesLimits.results)
		this.listing = { at: this.now(), finder, shallowest }
	}
}
