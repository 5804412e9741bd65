import { z } from "zod"
import type { ToolDefinition } from "./toolDefinition.js"
import { openEditableFile } from "./support/editableFile.js"
import { proposeEdit } from "./support/proposeEdit.js"
import { lineBreakOf } from "./support/textFile.js"
import { toolError } from "./support/toolResults.js"

const params = z.object({
	path: z.string().min(1).describe("The file."),
	line: z.coerce.number().int().min(0).describe("The 1-based line to insert before; 0 appends."),
	content: z.string().min(1).describe("The lines to insert."),
})
export type InsertContentParams = z.infer<typeof params>

const plural = (n: number) => (n === 1 ? "line" : "lines")

export const insertContentTool: ToolDefinition<InsertContentParams> = {
	name: "insert_content",
	description: [
		"Insert lines into an existing file before a line, or at its end, leaving the others as they are (imports, functions, entries).",
	].join("\n"),
	params,
	preview(partial) {
		if (typeof partial.path !== "string" || partial.path === "") return undefined
		const lineNumber = typeof partial.line === "number" ? partial.line : 0
		return { ask: "tool", row: { tool: "insertContent", path: partial.path, diff: "", lineNumber } }
	},
	async execute({ path: requested, line, content }, context) {
		const file = await openEditableFile(context, requested, "insert_content")
		if (!file.ok) return file.result
		const { path, isProtected, before, shown } = file

		const original = before.content
		const eol = lineBreakOf(original)
		const lines = original === "" ? [] : original.replace(/\r?\n$/, "").split(/\r?\n/)
		if (line > lines.length + 1)
			return toolError(
				`line ${line} is past the end of ${shown}, which has ${lines.length} lines. Use 0 to append at the end.`,
			)
		const inserted = content.replace(/\r?\n$/, "").split(/\r?\n/)
		const at = line === 0 ? lines.length : line - 1
		lines.splice(at, 0, ...inserted)
		const endsWithBreak = original === "" || /\n$/.test(original)
		const proposed = lines.join(eol) + (endsWithBreak ? eol : "")

		const count = `${inserted.length} ${plural(inserted.length)}`
		return proposeEdit(context, {
			path,
			isProtected,
			before,
			proposed,
			summary:
				line === 0 ? `Appended ${count} to the end of` : `Inserted ${count} before line ${line} of`,
			row: (diff) => ({
				tool: "insertContent",
				path: path.relative,
				diff,
				lineNumber: line,
				isOutsideWorkspace: path.isOutsideWorkspace,
				isProtected,
			}),
		})
	},
}
