import { z } from "zod"
import { createMcpServerInstructions } from "../mcp/createMcpServerInstructions.js"
import { createModeInstructions } from "../modes/createModeInstructions.js"
import { globalModesFile } from "../modes/modeCatalog.js"
import { builtInModeLookup } from "../modes/modeLookup.js"
import type { ToolDefinition } from "./toolDefinition.js"

const params = z.object({
	task: z.enum(["create_mode", "create_mcp_server"]).describe("Which instructions."),
})
export type FetchInstructionsParams = z.infer<typeof params>

/** Instructions for a task the model does rarely, fetched when needed instead of filling every system prompt. */
export const fetchInstructionsTool: ToolDefinition<FetchInstructionsParams> = {
	name: "fetch_instructions",
	description: [
		"Instructions to read first when creating or editing a custom mode (create_mode), or connecting or writing an MCP server (create_mcp_server).",
	].join("\n"),
	params,
	execute({ task }, context) {
		const content =
			task === "create_mcp_server"
				? createMcpServerInstructions(context.host.workspaceRoot)
				: createModeInstructions({
						workspaceRoot: context.host.workspaceRoot,
						globalFile: globalModesFile(context.host.storageDir),
						existing: (context.modes ?? builtInModeLookup).all(),
					})
		context.showToolRow?.({ tool: "fetchInstructions", content })
		return Promise.resolve({ content })
	},
}
