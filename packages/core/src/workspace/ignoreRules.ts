import path from "node:path"
import ignore, { type Ignore } from "ignore"
import { readRepositoryFile, workspaceScope } from "./repositoryFile.js"

export const cairnIgnoreFile = ".cairnignore"

/**
 * Every ignore file honoured, Cairn's first: other tools' files mean the same (gitignore syntax,
 * paths the agent must not touch), so a repository written for them keeps its secrets hidden here.
 */
export const ignoreFiles: readonly { name: string; tool?: string }[] = [
	{ name: cairnIgnoreFile },
	{ name: ".rooignore", tool: "Roo Code" },
	{ name: ".clineignore", tool: "Cline" },
	{ name: ".cursorignore", tool: "Cursor" },
]

/** Far above any ignore file a person writes; it is in the system prompt at every request. */
const maxIgnoreFileBytes = 100_000

/**
 * The workspace's `.cairnignore` and other tools' ignore files (gitignore syntax): paths the
 * agent may not read, write or list. Only paths inside the workspace are judged; outside ones
 * have their own approval.
 */
export class CairnIgnore {
	private constructor(
		/**
		 * One matcher per file: a path is blocked when any file blocks it, so a `!path` in one
		 * tool's file cannot open what another file closed.
		 */
		private readonly rules: readonly Ignore[],
		/** The files' text, for the system prompt; each other tool's file under a line naming it. */
		readonly source: string | undefined,
		/** Why an ignore file that is there was not read, or read in part (a link out, a FIFO...). */
		readonly skipped: readonly string[] = [],
	) {}

	static async load(workspaceRoot: string): Promise<CairnIgnore> {
		const rules: Ignore[] = []
		const texts: string[] = []
		const skipped: string[] = []
		for (const file of ignoreFiles) {
			const read = await readRepositoryFile(path.join(workspaceRoot, file.name), {
				...workspaceScope(workspaceRoot),
				maxBytes: maxIgnoreFileBytes,
			})
			if (read.kind === "absent") continue
			if (read.kind === "skipped") {
				skipped.push(read.reason)
				continue
			}
			// Whatever fits is honoured: hiding less than the file asks would fail open.
			if (read.truncated)
				skipped.push(
					`${file.name} is larger than ${maxIgnoreFileBytes.toLocaleString("en")} bytes; only its beginning was read`,
				)
			// An ignore file cannot hide itself from being protected, but it must stay readable.
			rules.push(ignore().add(read.text))
			texts.push(
				file.tool === undefined ? read.text : `# From ${file.name} (${file.tool})\n${read.text}`,
			)
		}
		return new CairnIgnore(rules, texts.length === 0 ? undefined : texts.join("\n"), skipped)
	}

	/** `relative` is workspace-relative with "/" separators, as resolveWorkspacePath gives it. */
	isAllowed(relative: string): boolean {
		if (this.rules.length === 0 || relative === "." || relative.startsWith("../") || relative === "..")
			return true
		return !this.rules.some((rules) => rules.ignores(relative))
	}

	/** Like isAllowed, for a folder: gitignore rules such as "secrets/" only match with the slash. */
	isFolderAllowed(relative: string): boolean {
		const folder = relative.replace(/\/$/, "")
		if (folder === "" || folder === ".") return true
		return this.isAllowed(folder) && this.isAllowed(`${folder}/`)
	}
}
