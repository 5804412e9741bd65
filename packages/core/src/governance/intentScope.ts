import { readFile } from "node:fs/promises"
import path from "node:path"
import ignore, { type Ignore } from "ignore"
import { minimatch } from "minimatch"
import type { ResolvedPath } from "../workspace/workspacePaths.js"
import type { Intent } from "./intentsFile.js"
import { orchestrationFiles } from "./orchestrationFiles.js"

/** "./src/" and "src/" mean everything under src; globs are otherwise minimatch globs. */
function normalizeGlob(glob: string): string {
	const trimmed = glob.trim().replace(/^\.\//, "")
	return trimmed.endsWith("/") ? `${trimmed}**` : trimmed
}

/**
 * Which files an intent may change: its owned_scope globs, plus whatever `.intentignore`
 * exempts from scope checks for every intent. Paths outside the workspace are never covered.
 */
export class IntentScope {
	private constructor(
		readonly globs: readonly string[],
		private readonly exempt: Ignore | undefined,
	) {}

	/** Reads `.intentignore` now, so an edit to it applies to the next check. */
	static async load(workspaceRoot: string, intent: Intent): Promise<IntentScope> {
		let exempt: Ignore | undefined
		try {
			exempt = ignore().add(
				await readFile(path.join(workspaceRoot, orchestrationFiles.intentIgnore), "utf8"),
			)
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
		}
		return new IntentScope(intent.owned_scope.map(normalizeGlob), exempt)
	}

	/** How the path stands: owned by the intent, exempt by `.intentignore`, or outside the scope. */
	judge(target: ResolvedPath): "owned" | "exempt" | "outside" {
		if (target.isOutsideWorkspace || target.relative === ".") return "outside"
		if (this.exempt?.ignores(target.relative)) return "exempt"
		return this.globs.some((glob) => minimatch(target.relative, glob, { dot: true }))
			? "owned"
			: "outside"
	}
}
