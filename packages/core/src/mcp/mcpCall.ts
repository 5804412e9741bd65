import type { ClineAskUseMcpServer } from "@cairn/types"
import type { Progress } from "@modelcontextprotocol/sdk/types.js"
import { responses } from "../prompts/responses.js"
import { imageBlocks } from "../providers/imageBlocks.js"
import { deniedResult, toolError } from "../tools/support/toolResults.js"
import type { ToolContext, ToolResult } from "../tools/toolDefinition.js"
import type { ConvertedResult } from "./callResult.js"
import { describeCallError } from "./mcpErrors.js"
import type { McpCallOptions, McpHub, ServerRef } from "./McpHub.js"

export interface McpCall {
	server: ServerRef
	/** What the person is asked about (or shown, when it runs without asking). */
	request: ClineAskUseMcpServer
	/** The server's config lets this tool run without asking. */
	alwaysAllowed: boolean
	/** What the call is for the approval's wording: "calling tool x", "reading resource y". */
	what: string
	run(options: McpCallOptions): Promise<ConvertedResult>
}

const progressLine = (progress: Progress) =>
	`Progress ${progress.progress}${progress.total !== undefined ? `/${progress.total}` : ""}${progress.message ? `: ${progress.message}` : ""}`

/**
 * One MCP call as a tool runs it: approved (by the person, the server's alwaysAllow or the MCP
 * switch), run with the task's signal (cancelling the task cancels the call, and the server is
 * told), its progress and then its result shown in one `mcp_server_response` row. A failure is
 * an error result the model reads, never a thrown error: the task goes on.
 */
export async function runMcpCall(hub: McpHub, call: McpCall, context: ToolContext): Promise<ToolResult> {
	// A mode that may not edit every file has not agreed to what a server's tool may change: its
	// readOnlyHint is the server's own word, so a person decides each call (see autoApproval).
	const request =
		call.request.type === "use_mcp_tool" && context.modeMayNotEdit !== undefined
			? { ...call.request, modeMayNotEdit: context.modeMayNotEdit }
			: call.request
	const outcome = await context.approve({ kind: "mcp", request, alwaysAllowed: call.alwaysAllowed })
	if (!outcome.approved) return deniedResult(call.what, outcome.feedback)
	if (context.signal.aborted) return toolError("The task was cancelled; the MCP call was not made.")
	try {
		const result = await call.run({
			signal: context.signal,
			onProgress: (progress) => context.showMcpResponse(progressLine(progress), true),
		})
		context.showMcpResponse(result.rowText, false)
		const said = outcome.feedback?.text?.trim()
		const feedback = [
			...(said ? [{ type: "text" as const, text: responses.feedback(said) }] : []),
			...imageBlocks(outcome.feedback?.images ?? []),
		]
		return { content: [...result.content, ...feedback], ...(result.isError && { isError: true }) }
	} catch (error) {
		// Cancelled with the task: the task's loop handles it.
		if (context.signal.aborted) throw context.signal.reason ?? error
		const server = hub.server(call.server)
		const message =
			server === undefined
				? error instanceof Error
					? error.message
					: String(error)
				: describeCallError(error, server.config, server.connected)
		// A stopped server's last words are for the person; they stay out of what the model is sent.
		const tail = server !== undefined && !server.connected ? server.stderr.slice(-5) : []
		context.showMcpResponse(
			`Error: ${message}${tail.length > 0 ? `\nIts last stderr lines:\n${tail.join("\n")}` : ""}`,
			false,
		)
		return toolError(message)
	}
}
