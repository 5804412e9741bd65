import path from "node:path"
import ignore, { type Ignore } from "ignore"
import { cairnIgnoreFile } from "../workspace/ignoreRules.js"
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

/**
 * The rules, besides the workspace's .gitignore files, that decide which files checkpoints keep:
 * Cairn's defaults, the workspace's `.cairnignore`, and a size limit. Saving and restoring both
 * go through `excludedBecause`, so what a checkpoint never kept a restore never touches.
 */
export class TrackingRules {
	private constructor(
		private readonly defaults: Ignore,
		private readonly cairnIgnore: Ignore | undefined,
		/** The `.cairnignore` text, to mirror into the shadow repository's exclude file. */
		readonly cairnIgnoreText: string,
		readonly sizeLimitBytes: number,
	) {}

	static async load(workspaceRoot: string, sizeLimitBytes: number): Promise<TrackingRules> {
		let text = ""
		const file = path.join(workspaceRoot, cairnIgnoreFile)
		// Read at every checkpoint, and mostly there is none: then it costs one stat.
		if (!surelyAbsent(file)) {
			// Through the repository file reader: a .cairnignore that links out or is a FIFO excludes nothing more.
			const read = await readRepositoryFile(file, {
				...workspaceScope(workspaceRoot),
				maxBytes: 100_000,
			})
			if (read.kind === "ok") text = read.text
		}
		return new TrackingRules(
			ignore().add([...alwaysExcluded]),
			text.trim() === "" ? undefined : ignore().add(text),
			text,
			sizeLimitBytes,
		)
	}

	/** The exclude file git reads too, so it does not even walk into node_modules. */
	get excludeFile(): string {
		return [
			"# Written by Cairn: what checkpoints never keep.",
			...alwaysExcluded,
			"# The workspace's .cairnignore",
			this.cairnIgnoreText,
		].join("\n")
	}

	/**
	 * Why `relative` (workspace-relative, "/"-separated) is not kept, or undefined when it is.
	 * `size` is the file's size on disk now, when it is a file.
	 */
	excludedBecause(relative: string, size?: number): string | undefined {
		if (this.defaults.ignores(relative))
			return "Cairn never keeps it (secrets, dependencies, build output)"
		if (this.cairnIgnore?.ignores(relative)) return "it is in .cairnignore"
		if (size !== undefined && size > this.sizeLimitBytes)
			return `it is larger than the checkpoint size limit (${formatMegabytes(this.sizeLimitBytes)})`
		return undefined
	}
}

function formatMegabytes(bytes: number): string {
	const mb = bytes / (1024 * 1024)
	return `${Number.isInteger(mb) ? mb : mb.toFixed(2)} MB`
}
