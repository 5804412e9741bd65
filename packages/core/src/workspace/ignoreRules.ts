import path from "node:path"
import ignore, { type Ignore } from "ignore"
import { readRepositoryFile, workspaceScope } from "./repositoryFile.js"

export const cairnIgnoreFile = ".cairnignore"

/** Far above any ignore file a person writes; it is in the system prompt at every request. */
const maxIgnoreFileBytes = 100_000

/**
 * The workspace's `.cairnignore` (gitignore syntax): paths the agent may not read, write or
 * list. Only paths inside the workspace are judged; outside ones have their own approval.
 */
export class CairnIgnore {
	private constructor(
		private readonly rules: Ignore | undefined,
		/** The file's text, for the system prompt. */
		readonly source: string | undefined,
		/** Why a .cairnignore that is there was not read (a link out of the workspace, a FIFO...). */
		readonly skipped?: string,
	) {}

	static async load(workspaceRoot: string): Promise<CairnIgnore> {
		const read = await readRepositoryFile(path.join(workspaceRoot, cairnIgnoreFile), {
			...workspaceScope(workspaceRoot),
			maxBytes: maxIgnoreFileBytes,
		})
		if (read.kind === "absent") return new CairnIgnore(undefined, undefined)
		if (read.kind === "skipped") return new CairnIgnore(undefined, undefined, read.reason)
		const text = read.text
		// The ignore file cannot hide itself from being protected, but it must stay readable.
		return new CairnIgnore(ignore().add(text), text)
	}

	/** `relative` is workspace-relative with "/" separators, as resolveWorkspacePath gives it. */
	isAllowed(relative: string): boolean {
		if (this.rules === undefined || relative === "." || relative.startsWith("../") || relative === "..")
			return true
		return !this.rules.ignores(relative)
	}

	/** Like isAllowed, for a folder: gitignore rules such as "secrets/" only match with the slash. */
	isFolderAllowed(relative: string): boolean {
		const folder = relative.replace(/\/$/, "")
		if (folder === "" || folder === ".") return true
		return this.isAllowed(folder) && this.isAllowed(`${folder}/`)
	}
}
