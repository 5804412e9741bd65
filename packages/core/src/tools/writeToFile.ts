import { z } from "zod"
import { displayPath, gatePath } from "../approval/pathGate.js"
import type { ToolDefinition } from "./toolDefinition.js"
import { findPlaceholder, stripWholeFileFence } from "./support/contentChecks.js"
import { proposeEdit } from "./support/proposeEdit.js"
import { inspectFile, lineBreakOf, takeSnapshot } from "./support/textFile.js"
import { toolError } from "./support/toolResults.js"

const params = z.object({
	path: z.string().min(1).describe("The file."),
	content: z.string().describe("The complete content, without line numbers."),
})
export type WriteToFileParams = z.infer<typeof params>

export const writeToFileTool: ToolDefinition<WriteToFileParams> = {
	name: "write_to_file",
	description: [
		"Create a file, or replace a whole file (for part of one use apply_diff); missing folders are created.",
		"Give the COMPLETE content: an abbreviation like `// rest of code unchanged` would delete that code, and is refused.",
	].join("\n"),
	params,
	preview(partial) {
		if (typeof partial.path !== "string" || partial.path === "") return undefined
		const content = typeof partial.content === "string" ? partial.content : ""
		return { ask: "tool", row: { tool: "newFileCreated", path: partial.path, content } }
	},
	async execute({ path: requested, content: given }, context) {
		const target = await gatePath(context, requested, { access: "edit", tool: "write_to_file" })
		if (!target.ok) return target.result
		const { path, isProtected } = target
		const shown = displayPath(path)

		const file = await inspectFile(path.absolute)
		if (file.kind === "folder")
			return toolError(`${shown} is a folder; give the path of a file inside it.`)
		if (file.kind === "binary")
			return toolError(
				`${shown} is a binary file; write_to_file only replaces text files. It was not changed.`,
			)
		if (file.kind === "special")
			return toolError(
				`${shown} ${file.why}; write_to_file only replaces regular files. It was not changed.`,
			)

		const before = await takeSnapshot(path.absolute)
		let content = stripWholeFileFence(given)
		if (before.content !== undefined && lineBreakOf(before.content) === "\r\n")
			content = content.replace(/\r?\n/g, "\r\n")
		if (content.trim() === "" && before.content !== undefined && before.content.trim() !== "") {
			// An empty write is far more often a truncated tool call than a wish to erase a file.
			return toolError(
				`The content for ${shown} is empty, which would erase the file; nothing was written. ` +
					"Send the complete new content. If you really mean to empty it, use execute_command (e.g. `: > file`).",
			)
		}
		const placeholder = findPlaceholder(content, before.content)
		if (placeholder !== undefined) {
			return toolError(
				`The content for ${shown} looks truncated: it contains the placeholder line ${JSON.stringify(placeholder)} ` +
					"instead of the code it stands for. Nothing was written. Send the complete file, or use apply_diff to change only part of it.",
			)
		}

		const flags = { isOutsideWorkspace: path.isOutsideWorkspace, isProtected }
		return proposeEdit(context, {
			path,
			isProtected,
			before,
			proposed: content,
			summary: before.content === undefined ? "Created" : "Saved the new content of",
			row: (diff) =>
				before.content === undefined
					? { tool: "newFileCreated", path: path.relative, content, ...flags }
					: { tool: "editedExistingFile", path: path.relative, diff, ...flags },
		})
	},
}
