import {
	clineAskCommandSchema,
	clineAskFollowupSchema,
	clineAskUseMcpServerSchema,
} from "../message/askPayloads.js"
import type { ClineMessage } from "../message/clineMessage.js"
import { clineSayToolSchema, type ClineSayTool } from "../message/sayTool.js"
import type { z } from "zod"

/** Room for a path or a command in a one-line notification. */
const maxDetail = 80

/** The first line of `text`, cut to fit one line of a notification; "…" says something was left out. */
function oneLine(text: string): string {
	const lines = text.trim().split("\n")
	const first = lines[0] ?? ""
	if (first.length > maxDetail) return `${first.slice(0, maxDetail - 1)}…`
	return lines.length > 1 ? `${first}…` : first
}

function payload<S extends z.ZodType>(schema: S, text: string | undefined): z.output<S> | undefined {
	try {
		const parsed = schema.safeParse(JSON.parse(text ?? ""))
		return parsed.success ? parsed.data : undefined
	} catch {
		return undefined
	}
}

function toolApproval(tool: ClineSayTool): string {
	switch (tool.tool) {
		case "editedExistingFile":
		case "appliedDiff":
		case "insertContent":
		case "searchAndReplace":
			return `Cairn waits for you to approve an edit of ${oneLine(tool.path)}.`
		case "newFileCreated":
			return `Cairn waits for you to approve creating ${oneLine(tool.path)}.`
		case "readFile":
			return `Cairn waits for you to approve reading ${oneLine(tool.path)}.`
		case "listFilesTopLevel":
		case "listFilesRecursive":
		case "listCodeDefinitionNames":
		case "searchFiles":
			return `Cairn waits for you to approve looking into ${oneLine(tool.path)}.`
		case "executeCommand":
			return `Cairn waits for you to approve running ${oneLine(tool.command)}.`
		case "switchMode":
			return `Cairn waits for you to approve switching to ${tool.mode} mode.`
		case "newTask":
			return `Cairn waits for you to approve a subtask in ${tool.mode} mode.`
		case "finishTask":
			return "Cairn waits for you to approve finishing the subtask."
		case "scopeViolation":
			return `Cairn waits for you to approve a change outside the intent's scope: ${oneLine(tool.path ?? tool.command ?? tool.toolName)}.`
		default:
			return "Cairn waits for your approval."
	}
}

/**
 * What the agent waits for the person to do, in one sentence for a notification; undefined
 * when the message does not wait for anyone (a say, a partial ask, a running command's output)
 * or is only shown because the person opened a finished task.
 */
export function waitingFor(message: ClineMessage): string | undefined {
	if (message.type !== "ask" || message.partial === true) return undefined
	switch (message.ask) {
		case "tool": {
			const tool = payload(clineSayToolSchema, message.text)
			return tool === undefined ? "Cairn waits for your approval." : toolApproval(tool)
		}
		case "command": {
			const command = payload(clineAskCommandSchema, message.text)?.command ?? message.text ?? ""
			return `Cairn waits for you to approve running ${oneLine(command)}.`
		}
		case "followup": {
			const question = payload(clineAskFollowupSchema, message.text)?.question ?? message.text ?? ""
			return `Cairn asks: ${oneLine(question)}`
		}
		case "use_mcp_server": {
			const use = payload(clineAskUseMcpServerSchema, message.text)
			if (use === undefined) return "Cairn waits for you to approve an MCP request."
			return use.type === "use_mcp_tool"
				? `Cairn waits for you to approve the MCP tool ${use.toolName} of ${use.serverName}.`
				: `Cairn waits for you to approve reading ${oneLine(use.uri)} from ${use.serverName}.`
		}
		case "browser_action_launch":
			return `Cairn waits for you to approve opening ${oneLine(message.text ?? "a browser")}.`
		case "completion_result":
			return "Cairn has finished the task: see its result."
		case "api_req_failed":
			return "Cairn's request to the model failed: retry or stop?"
		case "mistake_limit_reached":
			return "Cairn is stuck and needs your guidance."
		case "auto_approval_max_req_reached":
			return "Cairn reached the auto-approval limit and waits for you to go on."
		case "budget_reached":
			return "Cairn reached a spending limit: raise it or end the task."
		case "resume_task":
			return "Cairn's task was interrupted: resume it?"
		default:
			// resume_completed_task shows for a task the person opened; command_output runs on by itself.
			return undefined
	}
}
