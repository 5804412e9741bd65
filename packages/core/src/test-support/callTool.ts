import { parseToolInput } from "../tools/parseToolInput.js"
import { resultText } from "../tools/support/toolResults.js"
import type { ToolContext, ToolDefinition, ToolResult } from "../tools/toolDefinition.js"

/** Runs a tool the way the task does: raw model arguments, parsed, then executed. */
export async function callTool<Params>(
	tool: ToolDefinition<Params>,
	input: unknown,
	context: ToolContext,
): Promise<ToolResult & { text: string }> {
	const parsed = parseToolInput(tool, input)
	const result = parsed.ok
		? await tool.execute(parsed.params, context)
		: { content: parsed.error, isError: true }
	return { ...result, text: resultText(result) }
}
