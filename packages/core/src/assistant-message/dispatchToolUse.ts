import { isToolName, type ToolName } from "@cairn/types"
import type { HookEngine } from "../hooks/hookEngine.js"
import type { HookRun } from "../hooks/toolHook.js"
import type { ToolResultBlock } from "../providers/apiMessage.js"
import { responses } from "../prompts/responses.js"
import { parseToolInput } from "../tools/parseToolInput.js"
import type { ToolContext, ToolDefinition, ToolResult } from "../tools/toolDefinition.js"
import type { ToolUse } from "./toolCallAssembler.js"

export interface DispatchOutcome {
	result: ToolResultBlock
	/** The person rejected the call: the rest of the turn's calls are skipped. */
	rejected: boolean
	completesTask: boolean
	/** For ToolUsage and taskToolFailed; undefined when the name is not a known tool. */
	toolName: ToolName | undefined
	failed: boolean
	error?: string
	/** A path the .cairnignore file blocked. */
	blockedPath?: string
	/** A hook blocked the call and already said so in the transcript. */
	reported?: boolean
}

export const resultBlock = (
	toolUseId: string,
	content: ToolResult["content"],
	isError = false,
): ToolResultBlock => ({
	type: "tool_result",
	toolUseId,
	content: typeof content === "string" ? [{ type: "text", text: content }] : content,
	...(isError && { isError: true }),
})

/** What the person decided about this call's approval request, recorded by the tool context. */
export interface CallApprovalState {
	rejected: boolean
	/** The row that shows the decision (the answered ask, or the auto-approved row), marked failed if the call then fails. */
	decidedTs?: number
}

export interface DispatchEnvironment {
	tools: ReadonlyMap<string, ToolDefinition<unknown, string>>
	context: ToolContext
	approval: CallApprovalState
	/** The task's own signal: only its cancellation propagates; a killed command is just a failed tool. */
	taskSignal: AbortSignal
	hooks: HookEngine
	hookRun: HookRun
}

/**
 * Runs one tool call: checks the name and arguments, runs the tool inside the hooks, and always
 * produces a tool_result, whatever happens (bad JSON, unknown tool, a block, a throw), so
 * history stays paired.
 */
export async function dispatchToolUse(use: ToolUse, env: DispatchEnvironment): Promise<DispatchOutcome> {
	const { tools, context, approval, taskSignal } = env
	const toolName = isToolName(use.name) ? use.name : tools.get(use.name)?.countsAs
	const fail = (message: string): DispatchOutcome => ({
		result: resultBlock(use.id, message, true),
		rejected: false,
		completesTask: false,
		toolName,
		failed: true,
		error: message,
	})

	const tool = tools.get(use.name)
	if (tool === undefined) return fail(responses.unknownTool(use.name, [...tools.keys()]))
	if (use.argumentsError !== undefined || use.input === undefined) {
		return fail(responses.invalidArguments(use.name, use.argumentsError ?? "no arguments"))
	}
	const params = parseToolInput(tool, use.input)
	if (!params.ok) return fail(params.error)

	try {
		const call = { id: use.id, name: use.name, input: params.params as Record<string, unknown> }
		const hooked = await env.hooks.run(call, env.hookRun, async () => ({
			result: await tool.execute(params.params, context),
			rejected: approval.rejected,
		}))
		if (hooked.kind === "blocked") {
			const { block } = hooked
			return {
				result: resultBlock(use.id, JSON.stringify(block.error), true),
				rejected: block.byPerson === true,
				completesTask: false,
				toolName,
				failed: block.byPerson !== true,
				error: block.reason,
				reported: true,
			}
		}
		const { result } = hooked
		if (hooked.rejected) {
			return {
				result: resultBlock(use.id, result.content, true),
				rejected: true,
				completesTask: false,
				toolName,
				failed: false,
			}
		}
		return {
			result: resultBlock(use.id, result.content, result.isError ?? false),
			rejected: false,
			completesTask: result.completesTask === true,
			toolName,
			failed: result.isError === true,
			...(result.blockedPath !== undefined && { blockedPath: result.blockedPath }),
			...(result.isError && {
				error: typeof result.content === "string" ? result.content : "the tool reported an error",
			}),
		}
	} catch (error) {
		if (taskSignal.aborted) throw error
		return fail(responses.toolFailed(use.name, error instanceof Error ? error.message : String(error)))
	}
}
