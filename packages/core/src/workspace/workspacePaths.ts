import { realpathSync } from "node:fs"
import path from "node:path"

/** A path a tool was asked to touch, resolved against the workspace. */
export interface ResolvedPath {
	/** Absolute, with symlinks resolved as far as the path exists. */
	absolute: string
	/** Relative to the workspace root with "/" separators; starts with ".." when outside. */
	relative: string
	/** Outside the workspace once symlinks are followed: touching it needs a clearly marked approval. */
	isOutsideWorkspace: boolean
}

export type ResolvePathResult = { ok: true; path: ResolvedPath } | { ok: false; error: string }

/**
 * The same realpath(3) as fs.promises.realpath, called synchronously: every tool call resolves
 * its paths (a new file's takes three calls), each a few microseconds, and through the thread
 * pool each cost several times that in CPU.
 */
function realpathOrNull(p: string): string | null {
	try {
		return realpathSync.native(p)
	} catch {
		return null
	}
}

/**
 * The real location of `target`, which may not exist yet (a file about to be written): the
 * deepest existing ancestor is resolved, so a symlinked folder cannot smuggle a new file out
 * of the workspace.
 */
export async function realLocation(target: string): Promise<string> {
	const missing: string[] = []
	let current = target
	for (;;) {
		const real = realpathOrNull(current)
		if (real !== null) return path.join(real, ...missing.reverse())
		const parent = path.dirname(current)
		if (parent === current) return target
		missing.push(path.basename(current))
		current = parent
	}
}

export function isInside(root: string, candidate: string): boolean {
	const relative = path.relative(root, candidate)
	// "..foo" and "..." are names inside; only ".." itself or a path through it leaves.
	const leaves = relative === ".." || relative.startsWith(`..${path.sep}`)
	return relative === "" || (!leaves && !path.isAbsolute(relative))
}

/**
 * Resolves a path the model gave (relative to the workspace, or absolute) to where it really
 * is. `..` and symlinks are followed before deciding whether it is inside the workspace.
 */
export async function resolveWorkspacePath(
	workspaceRoot: string,
	requested: string,
): Promise<ResolvePathResult> {
	if (typeof requested !== "string" || requested.trim() === "")
		return { ok: false, error: "the path is empty" }
	if (requested.includes("\0")) return { ok: false, error: "the path contains a NUL character" }
	const root = realpathOrNull(workspaceRoot) ?? path.resolve(workspaceRoot)
	const absolute = await realLocation(path.resolve(root, requested.trim()))
	const relative = path.relative(root, absolute).split(path.sep).join("/") || "."
	return { ok: true, path: { absolute, relative, isOutsideWorkspace: !isInside(root, absolute) } }
}
