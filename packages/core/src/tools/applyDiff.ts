import { z } from "zod"
import { applySearchReplace } from "../editing/applySearchReplace.js"
import type { ToolDefinition } from "./toolDefinition.js"
import { proposeEdit } from "./support/proposeEdit.js"
import { openEditableFile } from "./support/editableFile.js"
import { toolError } from "./support/toolResults.js"

const params = z.object({
	path: z.string().min(1).describe("The file."),
	diff: z.string().min(1).describe("One or more SEARCH/REPLACE blocks."),
})
export type ApplyDiffParams = z.infer<typeof params>

export const applyDiffTool: ToolDefinition<ApplyDiffParams> = {
	name: "apply_diff",
	description: [
		"Change parts of an existing file. Each SEARCH must match the file's lines exactly (whitespace aside) and once: add surrounding lines, or the optional :start_line: to place it. If a block does not apply, nothing changes and the error shows the closest text: read the file again before retrying.",
		"<<<<<<< SEARCH",
		":start_line:12",
		"-------",
		"    return sum",
		"=======",
		"    return Math.round(sum)",
		">>>>>>> REPLACE",
	].join("\n"),
	params,
	preview(partial) {
		if (typeof partial.path !== "string" || partial.path === "") return undefined
		const diff = typeof partial.diff === "string" ? partial.diff : ""
		return { ask: "tool", row: { tool: "appliedDiff", path: partial.path, diff } }
	},
	async execute({ path: requested, diff }, context) {
		const file = await openEditableFile(context, requested, "apply_diff")
		if (!file.ok) return file.result
		const { path, isProtected, before, shown } = file
		const applied = applySearchReplace(before.content, diff)
		if (!applied.ok) return toolError(`${applied.error}\n\n${shown} was not changed.`)

		const where = applied.blocks.map((block) => block.startLine).join(", ")
		const count = applied.blocks.length
		return proposeEdit(context, {
			path,
			isProtected,
			before,
			proposed: applied.content,
			summary: `Applied ${count} ${count === 1 ? "block" : "blocks"} (at line${count === 1 ? "" : "s"} ${where}) to`,
			row: (unified) => ({
				tool: "appliedDiff",
				path: path.relative,
				diff: unified,
				isOutsideWorkspace: path.isOutsideWorkspace,
				isProtected,
			}),
		})
	},
}
