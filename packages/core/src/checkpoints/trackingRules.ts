import path from "node:path"
import ignore, { type Ignore } from "ignore"
import { ignoreFiles } from "../workspace/ignoreRules.js"
import { surelyAbsent } from "../fs/surelyAbsent.js"
import { readRepositoryFile, workspaceScope } from "../workspace/repositoryFile.js"

/**
 * What checkpoints never keep, whatever the workspace's own .gitignore says (a repository's
 * `!.env` cannot bring them back): secrets, dependencies and build output. Restores never touch
 * them either.
 */
export const alwaysExcluded = [
	".env",
	".env.*",
	"node_modules/",
	"bower_components/",
	".venv/",
	"venv/",
	"__pycache__/",
	".tox/",
	".mypy_cache/",
	".pytest_cache/",
	".gradle/",
	".next/",
	".nuxt/",
	".turbo/",
	".parcel-cache/",
	".cache/",
	"dist/",
	"build/",
	"out/",
	"target/",
	"coverage/",
	".DS_Store",
] as const

/** An ignore file of the workspace as checkpoints mirror it: its name, its text and its own matcher. */
interface MirroredIgnoreFile {
	name: string
	text: string
	rules: Ignore
}

/**
 * The rules, besides the workspace's .gitignore files, that decide which files checkpoints keep:
 * Cairn's defaults, the workspace's `.cairnignore` and the other tools' ignore files that mean the
 * same (ignoreFiles), and a size limit. Saving and restoring both go through `excludedBecause`, so
 * what a checkpoint never kept a restore never touches.
 */
export class TrackingRules {
	private constructor(
		private readonly defaults: Ignore,
		/** One matcher per file, as the agent's own ignore rules: one file's `!path` opens nothing another closed. */
		private readonly ignoreFiles: readonly MirroredIgnoreFile[],
		readonly sizeLimitBytes: number,
	) {}

	/**
	 * The rules as the workspace's files say now. `previous` (the last rules loaded for this
	 * workspace) lends its matchers where the texts are the same: they are read at every checkpoint
	 * and mostly unchanged, and compiling them was a tenth of what a checkpoint allocated.
	 */
	static async load(
		workspaceRoot: string,
		sizeLimitBytes: number,
		previous?: TrackingRules,
	): Promise<TrackingRules> {
		const mirrored: MirroredIgnoreFile[] = []
		for (const { name } of ignoreFiles) {
			const file = path.join(workspaceRoot, name)
			// Read at every checkpoint, and mostly there is none: then it costs one stat.
			if (surelyAbsent(file)) continue
			// Through the repository file reader: an ignore file that links out or is a FIFO excludes nothing more.
			const read = await readRepositoryFile(file, {
				...workspaceScope(workspaceRoot),
				maxBytes: 100_000,
			})
			if (read.kind !== "ok" || read.text.trim() === "") continue
			const same = previous?.ignoreFiles.find((kept) => kept.name === name && kept.text === read.text)
			mirrored.push(same ?? { name, text: read.text, rules: ignore().add(read.text) })
		}
		return new TrackingRules(
			previous?.defaults ?? ignore().add([...alwaysExcluded]),
			mirrored,
			sizeLimitBytes,
		)
	}

	/**
	 * The exclude file git reads too, so it does not even walk into node_modules. The files'
	 * texts one after another may let one file's `!path` re-open another's path to git; it never
	 * closes more than they do, and `excludedBecause` still judges every path git lists.
	 */
	get excludeFile(): string {
		return [
			"# Written by Cairn: what checkpoints never keep.",
			...alwaysExcluded,
			...this.ignoreFiles.flatMap(({ name, text }) => [`# The workspace's ${name}`, text]),
		].join("\n")
	}

	/**
	 * Why `relative` (workspace-relative, "/"-separated) is not kept, or undefined when it is.
	 * `size` is the file's size on disk now, when it is a file.
	 */
	excludedBecause(relative: string, size?: number): string | undefined {
		if (this.defaults.ignores(relative))
			return "Cairn never keeps it (secrets, dependencies, build output)"
		const file = this.ignoreFiles.find(({ rules }) => rules.ignores(relative))
		if (file !== undefined) return `it is in ${file.name}`
		if (size !== undefined && size > this.sizeLimitBytes)
			return `it is larger than the checkpoint size limit (${formatMegabytes(this.sizeLimitBytes)})`
		return undefined
	}
}

function formatMegabytes(bytes: number): string {
	const mb = bytes / (1024 * 1024)
	return `${Number.isInteger(mb) ? mb : mb.toFixed(2)} MB`
}
