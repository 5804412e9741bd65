import {
	autoApprovalSwitchOn,
	lastStateMessage,
	type CairnSettings,
	type ClineAskFollowup,
	type ClineSay,
	type ClineSayHook,
	type ClineSayTool,
	type CommandExitInfo,
	type ToolOutcome,
} from "@cairn/types"
import {
	decideAutoApproval,
	type AutoApprovalDecision,
	type AutoApprovalUsage,
} from "../approval/autoApproval.js"
import type { CommandDecision } from "../approval/evaluateCommand.js"
import { offeredAllowRules } from "../approval/narrowestAllowRule.js"
import type { CallApprovalState } from "../assistant-message/dispatchToolUse.js"
import type { FileContextRecorder } from "../context/fileContext/fileContextRecorder.js"
import type { HookRun } from "../hooks/toolHook.js"
import type { EditRestriction } from "../modes/editRestriction.js"
import type { ModeLookup } from "../modes/modeLookup.js"
import type { Host } from "../host/Host.js"
import { commandSandbox, type CommandSandbox } from "../sandbox/commandSandbox.js"
import type {
	ApprovalOutcome,
	ApprovalRequest,
	IntentActivation,
	PersonFeedback,
	SubtaskSpawner,
	TaskModeControl,
	ToolContext,
} from "../tools/toolDefinition.js"
import type { TodoListKeeper } from "../todos/taskTodos.js"
import type { TaskCommands } from "../commands/taskCommands.js"
import type { TaskBrowser } from "../browser/taskBrowser.js"
import type { CodebaseSearch } from "../codebase-index/codebaseIndex.js"
import type { CairnIgnore } from "../workspace/ignoreRules.js"
import type { AskChannel } from "./askChannel.js"
import type { AskAnswer } from "./askGate.js"
import type { Transcript } from "./transcript.js"

/** Output kept in a running command's row; the model gets its own capped copy from the tool. */
const maxCommandRowChars = 100_000

export interface CallEnvironment {
	/** The tool being called, as the model named it. */
	toolName: string
	host: Host
	settings: CairnSettings
	ignore: CairnIgnore
	transcript: Transcript
	asks: AskChannel
	/** Shared across the task's calls: counts toward the auto-approval limits. */
	autoApprovalUsage: AutoApprovalUsage
	/** The transcript row that previewed this call while it streamed, if any. */
	previewTs: number | undefined
	signal: AbortSignal
	proceedSignal: AbortSignal
	intents?: IntentActivation
	fileContext?: FileContextRecorder
	/**
	 * Saves the turn's checkpoint (once per turn) before an approved call changes anything; told
	 * the files an edit will change, it lets the edit go ahead without waiting for git.
	 */
	beforeChange?: (changing?: readonly string[]) => Promise<void>
	/** The task's model takes images. */
	modelTakesImages: boolean
	/** The current mode's limit on the files the edit tools may change. */
	editRestriction?: EditRestriction
	/** The current mode's name when it may not edit every file. */
	modeMayNotEdit?: string
	/** Every mode there is, custom ones included. */
	modes?: ModeLookup
	todos?: TodoListKeeper
	commands?: TaskCommands
	codebaseSearch?: CodebaseSearch
	taskMode?: TaskModeControl
	subtasks?: SubtaskSpawner
	browser?: TaskBrowser
}

/** What the person sees of the analyser's verdict on a command: the denial, or why it asks. */
function commandVerdict(verdict: CommandDecision | undefined) {
	if (verdict?.decision === "deny") return { deniedBy: verdict.deniedBy }
	if (verdict?.decision !== "ask") return {}
	return {
		reason: verdict.reason,
		...(verdict.protectedPath && { protectedPath: verdict.protectedPath }),
		...(verdict.ignoredPath && { ignoredPath: verdict.ignoredPath }),
	}
}

function askFor(
	request: ApprovalRequest,
	verdict?: CommandDecision,
	allowRules?: string[],
): { ask: "tool" | "command" | "use_mcp_server" | "browser_action_launch"; text: string } {
	switch (request.kind) {
		case "read":
		case "write":
		case "mode":
			return { ask: "tool", text: JSON.stringify(request.row) }
		case "execute":
			return {
				ask: "command",
				text: JSON.stringify({
					...request.command,
					...commandVerdict(verdict),
					...(allowRules && { allowRules }),
				}),
			}
		case "mcp":
			return { ask: "use_mcp_server", text: JSON.stringify(request.request) }
		case "browser":
			return { ask: "browser_action_launch", text: request.url }
	}
}

function autoApprovedRow(request: ApprovalRequest): {
	say: "tool" | "mcp_server_request_started" | "browser_action"
	text: string
} {
	switch (request.kind) {
		case "read":
		case "write":
		case "mode":
			return { say: "tool", text: JSON.stringify(request.row) }
		case "execute":
			return {
				say: "tool",
				text: JSON.stringify({
					tool: "executeCommand",
					command: request.command.command,
					...(request.command.cwd && { cwd: request.command.cwd }),
				}),
			}
		case "mcp":
			return { say: "mcp_server_request_started", text: JSON.stringify(request.request) }
		case "browser":
			return { say: "browser_action", text: JSON.stringify({ action: "launch", text: request.url }) }
	}
}

const unavailableNotice = (reason: string) =>
	`The command sandbox is not available: ${reason}. ` +
	"Commands that would run automatically ask you first; turn the sandbox off in Settings to let them run unsandboxed."

const feedbackOf = (answer: AskAnswer): PersonFeedback | undefined =>
	answer.text || answer.images?.length
		? { ...(answer.text && { text: answer.text }), ...(answer.images && { images: answer.images }) }
		: undefined

/** What the hooks around a call may do with the person: ask them, and show rows. */
export type CallPerson = Pick<HookRun, "ask" | "show">

/**
 * The ToolContext one tool call runs with, the record of what the person decided about it, and
 * the hooks' way to the person. Whichever speaks first takes over the call's preview row.
 */
export function createCallContext(env: CallEnvironment): {
	context: ToolContext
	approval: CallApprovalState
	person: CallPerson
} {
	const approval: CallApprovalState = { rejected: false }
	let previewTs = env.previewTs
	let outputRow: { ts: number; text: string } | undefined

	const showFeedback = (feedback: PersonFeedback | undefined) => {
		if (feedback)
			env.transcript.say("user_feedback", {
				...(feedback.text && { text: feedback.text }),
				...(feedback.images && { images: feedback.images }),
			})
	}

	/** Shows a finished row in place of the call's preview row while that is still last (asides aside), else below. */
	const showRow = (say: ClineSay, text: string, outcome?: ToolOutcome): number => {
		const fields = { text, ...(outcome && { outcome }) }
		const shown =
			previewTs !== undefined && lastStateMessage(env.transcript.all)?.ts === previewTs
				? env.transcript.update(previewTs, {
						type: "say",
						say,
						ask: undefined,
						...fields,
						partial: false,
					})
				: undefined
		previewTs = undefined
		return (shown ?? env.transcript.append({ type: "say", say }, fields)).ts
	}

	/** Marks the answered ask with what the person decided, so the row stops saying "wants to". */
	const decided = (askTs: number, answer: AskAnswer): boolean => {
		const approved = answer.response === "yesButtonClicked"
		const outcome: ToolOutcome = !approved
			? "rejected"
			: answer.automatic === true
				? "auto_approved"
				: "approved"
		env.transcript.update(askTs, { outcome })
		approval.decidedTs = askTs
		return approved
	}

	const approve = async (request: ApprovalRequest): Promise<ApprovalOutcome> => {
		const outcome = await decide(request)
		// Reads, mode changes and the browser change no file; edits, commands and MCP calls may change any.
		const changesNothing =
			request.kind === "read" || request.kind === "mode" || request.kind === "browser"
		if (outcome.approved && !changesNothing)
			await env.beforeChange?.(request.kind === "write" ? [request.absolutePath] : undefined)
		return outcome
	}

	const decide = async (request: ApprovalRequest): Promise<ApprovalOutcome> => {
		// A command that failed in the sandbox leaves it only with a person's approval.
		let decision: AutoApprovalDecision =
			request.kind === "execute" && request.command.sandboxFailure !== undefined
				? { decision: "ask" }
				: await decideAutoApproval(env.settings, request, env.autoApprovalUsage, env.toolName, {
						workspaceRoot: env.host.workspaceRoot,
						ignore: env.ignore,
					})
		if (decision.decision === "limit") {
			const answer = await env.asks.ask("auto_approval_max_req_reached", JSON.stringify(decision.limit))
			if (answer.response !== "yesButtonClicked") {
				approval.rejected = true
				return { approved: false }
			}
			env.autoApprovalUsage.autoApproved = 0
			env.autoApprovalUsage.spend.reset()
			decision = { decision: "auto" }
		}
		const sandbox: CommandSandbox =
			decision.decision === "auto" && request.kind === "execute"
				? await commandSandbox(env.host, env.settings)
				: { state: "off" }
		if (sandbox.state === "unavailable" && sandbox.firstTime)
			showRow("error", unavailableNotice(sandbox.reason))
		if (decision.decision === "auto" && sandbox.state !== "unavailable") {
			env.autoApprovalUsage.autoApproved++
			const row = autoApprovedRow(request)
			approval.decidedTs = showRow(row.say, row.text, "auto_approved")
			return {
				approved: true,
				automatic: true,
				...(sandbox.state === "ready" && { sandbox: sandbox.policy }),
			}
		}
		const allowRules =
			request.kind === "execute"
				? await offeredAllowRules(env.settings, request.command, {
						workspaceRoot: env.host.workspaceRoot,
						cwd: request.folder,
						ignore: env.ignore,
					})
				: undefined
		const { ask, text } = askFor(
			request,
			decision.decision === "ask" ? decision.command : undefined,
			allowRules,
		)
		const answer = await env.asks.ask(ask, text, previewTs)
		previewTs = undefined
		// Output from here on (a command run after a second ask) gets a row below the ask.
		outputRow = undefined
		const feedback = feedbackOf(answer)
		// Typing a message instead of pressing Approve is a rejection with reasons (seed 001).
		const approved = decided(answer.askTs, answer)
		showFeedback(feedback)
		if (approved) {
			// -y approved it, not a person: a command runs in the sandbox where there is one. Where
			// there is none, -y's standing approval stands, as it did before the sandbox.
			const standing =
				answer.automatic === true && request.kind === "execute"
					? await commandSandbox(env.host, env.settings)
					: undefined
			if (standing?.state === "unavailable" && standing.firstTime)
				showRow("error", unavailableNotice(standing.reason))
			return {
				approved: true,
				automatic: answer.automatic === true,
				...(standing?.state === "ready" && { sandbox: standing.policy }),
				...(feedback && { feedback }),
			}
		}
		approval.rejected = true
		return { approved: false, ...(feedback && { feedback }) }
	}

	const askFollowup = async (question: ClineAskFollowup): Promise<PersonFeedback> => {
		const auto = env.settings.autoApproval
		const first = question.suggest[0]?.answer
		let timer: NodeJS.Timeout | undefined
		const pending = env.asks.ask("followup", JSON.stringify(question), previewTs)
		previewTs = undefined
		if (autoApprovalSwitchOn(auto, "followup") && first !== undefined) {
			// Nobody answered in time: take the first suggestion, as the setting promises.
			timer = setTimeout(
				() => env.asks.answer({ response: "messageResponse", text: first }),
				auto.followupTimeoutMs,
			)
		}
		try {
			const answer = await pending
			const chosen = question.suggest.findIndex((suggestion) => suggestion.answer === answer.text)
			if (chosen >= 0) env.transcript.update(answer.askTs, { chosenSuggestion: chosen })
			const feedback = feedbackOf(answer) ?? {}
			showFeedback(feedback)
			return feedback
		} finally {
			clearTimeout(timer)
		}
	}

	const commandOutput = (chunk: string) => {
		if (outputRow === undefined) {
			const row = env.transcript.append({ type: "ask", ask: "command_output" }, { text: chunk })
			outputRow = { ts: row.ts, text: chunk }
			return
		}
		const text = (outputRow.text + chunk).slice(-maxCommandRowChars)
		outputRow.text = text
		env.transcript.update(outputRow.ts, { text })
	}

	// On the command's own row (the answered ask or the auto-approved row), where the person looks.
	const commandEnded = (exit: CommandExitInfo) => {
		if (approval.decidedTs !== undefined) env.transcript.update(approval.decidedTs, { commandExit: exit })
	}

	const showUserEdits = (row: ClineSayTool) =>
		env.transcript.append({ type: "say", say: "user_feedback_diff" }, { text: JSON.stringify(row) })

	let mcpResponseTs: number | undefined
	const showMcpResponse = (text: string, partial: boolean) => {
		if (mcpResponseTs === undefined) {
			const row = env.transcript.append({ type: "say", say: "mcp_server_response" }, { text }, partial)
			if (partial) mcpResponseTs = row.ts
			return
		}
		env.transcript.update(mcpResponseTs, { text, partial })
		if (!partial) mcpResponseTs = undefined
	}

	const person: CallPerson = {
		async ask(row: ClineSayTool) {
			const answer = await env.asks.ask("tool", JSON.stringify(row), previewTs)
			previewTs = undefined
			const feedback = feedbackOf(answer)
			const approved = decided(answer.askTs, answer)
			showFeedback(feedback)
			return { approved, ...(feedback && { feedback }) }
		},
		show(row: ClineSayHook) {
			showRow("hook", JSON.stringify(row))
		},
	}

	const context: ToolContext = {
		host: env.host,
		settings: env.settings,
		ignore: env.ignore,
		signal: env.signal,
		proceedSignal: env.proceedSignal,
		approve,
		askFollowup,
		commandOutput,
		commandEnded,
		showUserEdits,
		showMcpResponse,
		showToolRow: (row) => showRow("tool", JSON.stringify(row)),
		showBrowserRow: (say, text) => showRow(say, text),
		showSearchResults: (result) => showRow("codebase_search_result", JSON.stringify(result)),
		...(env.codebaseSearch && { codebaseSearch: env.codebaseSearch }),
		modelTakesImages: env.modelTakesImages,
		...(env.intents && { intents: env.intents }),
		...(env.fileContext && { fileContext: env.fileContext }),
		...(env.editRestriction && { editRestriction: env.editRestriction }),
		...(env.modeMayNotEdit && { modeMayNotEdit: env.modeMayNotEdit }),
		...(env.modes && { modes: env.modes }),
		...(env.todos && { todos: env.todos }),
		...(env.commands && { commands: env.commands }),
		...(env.taskMode && { taskMode: env.taskMode }),
		...(env.subtasks && { subtasks: env.subtasks }),
		...(env.browser && { browser: env.browser }),
	}
	return { context, approval, person }
}
