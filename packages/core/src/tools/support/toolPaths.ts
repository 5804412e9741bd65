import { cairnIgnoreFile } from "../../workspace/ignoreRules.js"
import { isProtectedPath } from "../../workspace/protectedPaths.js"
import type { ResolvedPath } from "../../workspace/workspacePaths.js"
import type { ToolContext, ToolResult } from "../toolDefinition.js"
import { toolError } from "./toolResults.js"

export type ToolPath =
	{ ok: true; path: ResolvedPath; isProtected: boolean } | { ok: false; result: ToolResult }

/** Tells the model a path is off limits, and what to do instead (the Task shows a rooignore_error). */
export function ignoredPathError(relative: string): ToolResult {
	return {
		...toolError(
			`Access to ${relative} is blocked by the ${cairnIgnoreFile} file. Continue the task without it; ` +
				`if you really need it, ask the user to change ${cairnIgnoreFile}.`,
		),
		blockedPath: relative,
	}
}

function isPathAllowed(context: ToolContext, relative: string, kind: "file" | "folder"): boolean {
	return kind === "folder" ? context.ignore.isFolderAllowed(relative) : context.ignore.isAllowed(relative)
}

/**
 * Where a tool's path really is, or the error to return. Paths outside the workspace and
 * protected files are not refused here: they are flagged, and the approval policy decides.
 */
export async function resolveToolPath(
	context: ToolContext,
	requested: string,
	kind: "file" | "folder" = "file",
): Promise<ToolPath> {
	const resolved = await context.resolvePath(requested)
	if (!resolved.ok)
		return {
			ok: false,
			result: toolError(`Invalid path ${JSON.stringify(requested)}: ${resolved.error}.`),
		}
	const { path } = resolved
	const allowed = isPathAllowed(context, path.relative, kind)
	if (!allowed) return { ok: false, result: ignoredPathError(path.relative) }
	const isProtected = !path.isOutsideWorkspace && isProtectedPath(path.relative)
	return { ok: true, path, isProtected }
}

/** How a path is shown to the model: workspace-relative inside, absolute outside. */
export function displayPath(path: ResolvedPath): string {
	return path.isOutsideWorkspace ? path.absolute : path.relative
}
