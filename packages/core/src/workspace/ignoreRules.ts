import { readFile } from "node:fs/promises"
import path from "node:path"
import ignore, { type Ignore } from "ignore"

export const cairnIgnoreFile = ".cairnignore"

/**
 * The workspace's `.cairnignore` (gitignore syntax): paths the agent may not read, write or
 * list. Only paths inside the workspace are judged; outside ones have their own approval.
 */
export class CairnIgnore {
	private constructor(
		private readonly rules: Ignore | undefined,
		/** The file's text, for the system prompt. */
		readonly source: string | undefined,
	) {}

	static async load(workspaceRoot: string): Promise<CairnIgnore> {
		let text: string | undefined
		try {
			text = await readFile(path.join(workspaceRoot, cairnIgnoreFile), "utf8")
		} catch {
			return new CairnIgnore(undefined, undefined)
		}
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
