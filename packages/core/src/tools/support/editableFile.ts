import { displayPath, gatePath } from "../../approval/pathGate.js"
import type { ResolvedPath } from "../../workspace/workspacePaths.js"
import type { ToolContext, ToolResult } from "../toolDefinition.js"
import { inspectFile, takeSnapshot, type FileSnapshot } from "./textFile.js"
import { toolError } from "./toolResults.js"

export type EditableFile =
	| {
			ok: true
			path: ResolvedPath
			isProtected: boolean
			before: FileSnapshot & { content: string }
			shown: string
	  }
	| { ok: false; result: ToolResult }

/** An existing text file a tool may change part of, read once; or the error that says why not. */
export async function openEditableFile(
	context: ToolContext,
	requested: string,
	tool: string,
): Promise<EditableFile> {
	const target = await gatePath(context, requested, { access: "edit", tool })
	if (!target.ok) return target
	const { path, isProtected } = target
	const shown = displayPath(path)
	const fail = (message: string): EditableFile => ({ ok: false, result: toolError(message) })

	const file = await inspectFile(path.absolute)
	if (file.kind === "missing")
		return fail(`${shown} does not exist. Check the path, or create the file with write_to_file.`)
	if (file.kind === "folder") return fail(`${shown} is a folder; ${tool} edits files.`)
	if (file.kind === "binary") return fail(`${shown} is a binary file; ${tool} only edits text files.`)
	if (file.kind === "special") return fail(`${shown} ${file.why}; ${tool} only edits regular files.`)
	const before = await takeSnapshot(path.absolute)
	if (before.content === undefined) return fail(`${shown} was deleted while it was being read.`)
	return { ok: true, path, isProtected, before: { ...before, content: before.content }, shown }
}
