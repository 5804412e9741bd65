import path from "node:path"
import ignore, { type Ignore } from "ignore"
import { minimatch } from "minimatch"
import type { ResolvedPath } from "../workspace/workspacePaths.js"
import type { Intent } from "./intentsFile.js"
import { orchestrationFiles } from "./orchestrationFiles.js"
import { readRepositoryFile, workspaceScope } from "../workspace/repositoryFile.js"

const maxIntentIgnoreBytes = 100_000

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
		const read = await readRepositoryFile(path.join(workspaceRoot, orchestrationFiles.intentIgnore), {
			...workspaceScope(workspaceRoot),
			maxBytes: maxIntentIgnoreBytes,
		})
		// Exemptions widen what an intent may change: one that cannot be read whole exempts nothing.
		if (read.kind === "skipped") throw new Error(read.reason)
		if (read.kind === "ok" && read.truncated)
			throw new Error(
				`${orchestrationFiles.intentIgnore} is larger than ${maxIntentIgnoreBytes} bytes; it was not read`,
			)
		if (read.kind === "ok") exempt = ignore().add(read.text)
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
