import { realpath } from "node:fs/promises"
import nodePath from "node:path"
import type { ClineSayTool } from "@cairn/types"
import { editRefusal } from "../modes/editRestriction.js"
import type { PersonFeedback, ToolContext, ToolResult } from "../tools/toolDefinition.js"
import { deniedResult, toolError } from "../tools/support/toolResults.js"
import { personCredentialStoreOf } from "../workspace/credentialStores.js"
import { cairnIgnoreFile } from "../workspace/ignoreRules.js"
import { isProtectedPath } from "../workspace/protectedPaths.js"
import { isInside, resolveWorkspacePath, type ResolvedPath } from "../workspace/workspacePaths.js"

/**
 * What a tool does with a path. Every use lets something about the file reach the model: its
 * lines, its entries, its matches, or (for the edit tools) the closest text when a SEARCH block
 * misses, "found" or "not found", whether it exists or already holds the content.
 */
export type PathUse =
	/** Shows the file, the folder's entries or the matches: always the read approval. */
	| { access: "read" | "list" | "search"; row: (path: ResolvedPath) => ClineSayTool }
	/**
	 * Reads the file to compute a change, which the write approval covers inside the workspace.
	 * Outside it (or in a credential store) the read is approved first, so a miss cannot report
	 * on a file nobody let it read.
	 */
	| { access: "edit"; tool: string }
	/** The folder a command runs in: the command's own approval, which names it, covers it. */
	| { access: "run" }

export type GatedPath =
	| {
			ok: true
			path: ResolvedPath
			isProtected: boolean
			/** What the person typed with the read approval, for the tool's result. */
			feedback?: PersonFeedback
	  }
	| { ok: false; result: ToolResult }

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

/** How a path is shown to the model: workspace-relative inside, absolute outside. */
export function displayPath(path: ResolvedPath): string {
	return path.isOutsideWorkspace ? path.absolute : path.relative
}

const verbs = { read: "reading", list: "listing", search: "searching", edit: "reading" } as const

const isFolderUse = (use: PathUse) => use.access === "list" || use.access === "search" || use.access === "run"

function isAllowed(context: ToolContext, relative: string, folder: boolean): boolean {
	return folder ? context.ignore.isFolderAllowed(relative) : context.ignore.isAllowed(relative)
}

/**
 * The one door every tool's path goes through, before the tool looks at the file: resolved
 * with symlinks followed, refused when .cairnignore blocks it, flagged when protected, and
 * approved as a read wherever the read approval applies. An edit is also held to the mode's
 * file restriction here, the path every edit tool takes, so no edit tool can skip it. Nothing
 * about the file (not even whether it exists) is known to the tool before this returns ok.
 */
export async function gatePath(context: ToolContext, requested: string, use: PathUse): Promise<GatedPath> {
	const resolved = await resolveWorkspacePath(context.host.workspaceRoot, requested)
	if (!resolved.ok)
		return {
			ok: false,
			result: toolError(`Invalid path ${JSON.stringify(requested)}: ${resolved.error}.`),
		}
	const { path } = resolved
	if (!isAllowed(context, path.relative, isFolderUse(use)))
		return { ok: false, result: ignoredPathError(path.relative) }
	// Judged on the resolved path: a Markdown-named symlink to a source file is that source file.
	const refusal =
		use.access === "edit" && context.editRestriction
			? editRefusal(context.editRestriction, displayPath(path))
			: undefined
	if (refusal) return { ok: false, result: toolError(refusal) }
	const isProtected = !path.isOutsideWorkspace && isProtectedPath(path.relative)
	// Wherever the workspace is (the home folder itself) and whatever links into them, keys and
	// tokens are read only when a person says so; the command's own approval covers "run".
	const credentialStore =
		use.access === "run"
			? undefined
			: personCredentialStoreOf(path.absolute, context.settings.commandSandboxHiddenPaths)

	if (
		use.access === "run" ||
		(use.access === "edit" && !path.isOutsideWorkspace && credentialStore === undefined)
	)
		return { ok: true, path, isProtected }
	const row = {
		...(use.access === "edit"
			? readRowForEdit(path, use.tool)
			: { ...use.row(path), isOutsideWorkspace: path.isOutsideWorkspace }),
		...(credentialStore !== undefined && { credentialStore }),
	}
	const outcome = await context.approve({
		kind: "read",
		row,
		isOutsideWorkspace: path.isOutsideWorkspace,
		...(credentialStore !== undefined && { credentialStore }),
	})
	if (!outcome.approved)
		return {
			ok: false,
			result: deniedResult(`${verbs[use.access]} ${displayPath(path)}`, outcome.feedback),
		}
	return { ok: true, path, isProtected, ...(outcome.feedback && { feedback: outcome.feedback }) }
}

function readRowForEdit(path: ResolvedPath, tool: string): ClineSayTool {
	return {
		tool: "readFile",
		path: path.relative,
		isOutsideWorkspace: path.isOutsideWorkspace,
		reason: `${tool} reads it before proposing a change`,
	}
}

/**
 * Whether an entry a listing or a search came upon may be shown. A folder outside the
 * workspace can hold the workspace itself (listing "..") or reach into it, so every entry is
 * judged by where it really is, not by the folder it was found under. Entries in a credential
 * store are left out unless the listed or searched path (`within`, approved by a person) is in
 * that store itself: a search of a home-folder workspace must not show ~/.ssh's keys.
 */
export async function entryFilter(
	context: ToolContext,
	within?: ResolvedPath,
): Promise<(absolute: string, isFolder: boolean) => boolean> {
	const root = await realpath(context.host.workspaceRoot).catch(() =>
		nodePath.resolve(context.host.workspaceRoot),
	)
	const added = context.settings.commandSandboxHiddenPaths
	const approvedStore = within && personCredentialStoreOf(within.absolute, added)
	return (absolute, isFolder) => {
		const store = personCredentialStoreOf(absolute, added)
		if (store !== undefined && store !== approvedStore) return false
		if (!isInside(root, absolute)) return true
		const relative = nodePath.relative(root, absolute).split(nodePath.sep).join("/") || "."
		return isAllowed(context, relative, isFolder)
	}
}
