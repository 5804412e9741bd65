import {
	apiRequestInfo,
	budgetStatusSchema,
	apiRetryDelaySchema,
	backgroundCommandRowSchema,
	checkpointOf,
	clineAskCommandSchema,
	clineAskFollowupSchema,
	clineAskUseMcpServerSchema,
	clineSayHookSchema,
	clineSayToolSchema,
	mcpServerNotReadySchema,
	safeParseJson,
	type ClineAsk,
	type ClineMessage,
	type CommandExitInfo,
	type TaskTotals,
	type WebviewMessage,
} from "@cairn/types"
import { approves } from "../client/personAnswers.js"
import { addCondense, addRequest, noUsage, usageOfTotals, type Usage } from "./apiUsage.js"
import { appendedText } from "./appendedText.js"
import type { StreamEvent, ToolStatus } from "./streamEvents.js"
import { toolNameOf } from "./toolNames.js"

interface RowState {
	/** `${type}:${ask ?? say}` once the row was reported; a row reports once per kind. */
	reported?: string
	/** Streamed text already sent as deltas. */
	sent: string
	done: boolean
	costed: boolean
	/** The retry row updates in place, once per attempt. */
	retryAttempt?: number
	/** The person's message's left-out mentions were reported. */
	leftOutReported?: boolean
}

interface OpenCall {
	id: string
	name: string
	ts: number
	output: string
	error?: string
	rejected: boolean
	/** How its command ended, once its row says. */
	exit?: CommandExitInfo
}

const errorSays = new Set(["error", "diff_error", "rooignore_error"])

/**
 * Turns transcript upserts into StreamEvents. The transcript has no tool results of its own, so a
 * call is framed by its rows: `tool_use` when its row is final (an approval ask, or an
 * auto-approved `tool` say), `tool_output` as its `command_output` row grows, and `tool_result`
 * when the transcript moves past it: status `error` if an error row followed, `rejected` if its
 * approval was refused, `cancelled` if the task was interrupted, else `success`.
 */
export class TranscriptEvents {
	private rows = new Map<number, RowState>()
	private call: OpenCall | undefined
	private firstTs: number | undefined
	private usageTotal: Usage = noUsage()
	private completion: string | undefined

	constructor(private readonly emit: (event: StreamEvent) => void) {}

	/** Tokens and dollars of every finished model request of the task (history included). */
	get usage(): Usage {
		return this.usageTotal
	}

	/** The latest completion result shown. */
	get lastCompletion(): string | undefined {
		return this.completion
	}

	/** A different task is now current: forget the old one's rows. */
	reset(): void {
		this.endCall("cancelled")
		this.rows = new Map()
		this.firstTs = undefined
		this.usageTotal = noUsage()
		this.completion = undefined
	}

	/**
	 * Rows of a task read back from disk: history, counted but not reported again. `totals`: the
	 * whole task's, when `messages` are only its newest page (the host's summary).
	 */
	absorb(messages: readonly ClineMessage[], totals?: TaskTotals): void {
		if (totals !== undefined) this.usageTotal = usageOfTotals(totals)
		for (const message of messages) {
			this.firstTs ??= message.ts
			const info = apiRequestInfo(message)
			const costed = info?.cost !== undefined
			if (totals === undefined) {
				if (info !== undefined && costed) addRequest(this.usageTotal, info)
				addCondense(this.usageTotal, message)
			}
			if (message.say === "completion_result") this.completion = message.text
			this.rows.set(message.ts, {
				reported: kindOf(message),
				sent: message.text ?? "",
				done: message.partial !== true,
				costed,
			})
		}
	}

	upsert(message: ClineMessage): void {
		this.firstTs ??= message.ts
		let row = this.rows.get(message.ts)
		if (row === undefined) {
			row = { sent: "", done: false, costed: false }
			this.rows.set(message.ts, row)
		}
		if (message.type === "say") this.say(message, row)
		else this.ask(message, row)
	}

	/** How an ask was answered (by -y or a person): reported, and a refused approval marks its call. */
	answered(ts: number, ask: ClineAsk, reply: WebviewMessage, by: "auto" | "person"): void {
		const response = reply.type === "askResponse" ? reply.askResponse : reply.type
		const text = reply.type === "askResponse" ? reply.text : undefined
		this.emit({
			type: "system",
			subtype: "ask_answered",
			id: `ask_${ts}`,
			ask,
			response,
			by,
			...(text !== undefined && { text }),
		})
		if (this.call?.ts === ts && !approves(ask, reply)) this.call.rejected = true
	}

	/** Closes the open call, if any (the run is ending). */
	endCall(status: ToolStatus): void {
		const call = this.call
		if (call === undefined) return
		this.call = undefined
		const final: ToolStatus = call.rejected
			? "rejected"
			: call.error !== undefined
				? "error"
				: (commandStatus(call.exit) ?? status)
		const exitCode = call.exit?.exitCode
		this.emit({
			type: "tool_result",
			id: call.id,
			name: call.name,
			status: final,
			...(call.output !== "" && { output: call.output }),
			...(call.error !== undefined && { error: call.error }),
			...(exitCode !== undefined && { exitCode }),
		})
	}

	/** The mentions left out of a person's message, once they are known (the row is updated with them). */
	private leftOut(message: ClineMessage, row: RowState): void {
		const mentions = message.mentionsLeftOut ?? []
		if (mentions.length === 0 || row.leftOutReported === true || row.reported === undefined) return
		row.leftOutReported = true
		this.emit({ type: "system", subtype: "mentions_left_out", id: `user_${message.ts}`, mentions })
	}

	/** Reports a row once per kind; false when it was reported already. */
	private once(message: ClineMessage, row: RowState): boolean {
		const kind = kindOf(message)
		if (row.reported === kind) return false
		row.reported = kind
		return true
	}

	private say(message: ClineMessage, row: RowState): void {
		const text = message.text ?? ""
		this.noteExit(message)
		switch (message.say) {
			case "text":
				// The first row of a task is the person's prompt, not the model's answer.
				if (message.ts === this.firstTs) {
					if (message.partial !== true && this.once(message, row))
						this.emit({ type: "user", id: `user_${message.ts}`, text })
					this.leftOut(message, row)
					return
				}
				this.endCall("success")
				return this.stream("assistant", message, row)
			case "reasoning":
				this.endCall("success")
				return this.stream("reasoning", message, row)
			case "api_req_started":
				return this.apiRequest(message, row)
			case "api_req_retry_delayed": {
				const retry = safeParseJson(apiRetryDelaySchema, text)
				if (!retry.success || row.retryAttempt === retry.data.attempt) return
				row.retryAttempt = retry.data.attempt
				// An attempt's update always carries its error; the failed end only drops it again.
				const {
					waitStartedAt: _started,
					result: _result,
					problem: _problem,
					error,
					...attempt
				} = retry.data
				this.emit({ type: "system", subtype: "retry", ...attempt, error: error ?? "" })
				return
			}
			case "user_feedback":
				if (this.once(message, row)) this.emit({ type: "user", id: `user_${message.ts}`, text })
				this.leftOut(message, row)
				return
			case "tool": {
				if (message.partial === true || !this.once(message, row)) return
				// A call the model never finished streaming, or that was skipped, never ran.
				if (["cancelled", "interrupted", "skipped"].includes(message.outcome ?? "")) return
				this.endCall("success")
				const parsed = safeParseJson(clineSayToolSchema, text)
				if (!parsed.success) return
				const { tool, ...input } = parsed.data
				this.toolUse(message.ts, toolNameOf(parsed.data), tool, input, "auto")
				return
			}
			case "background_command":
				return this.backgroundCommand(message, row)
			case "hook": {
				if (!this.once(message, row)) return
				const parsed = safeParseJson(clineSayHookSchema, text)
				if (parsed.success) this.emit({ type: "system", subtype: "hook", hook: parsed.data })
				return
			}
			case "mcp_server_request_started": {
				if (!this.once(message, row)) return
				this.endCall("success")
				const parsed = safeParseJson(clineAskUseMcpServerSchema, text)
				if (parsed.success) this.toolUse(message.ts, parsed.data.type, "mcp", parsed.data, "auto")
				return
			}
			case "condense_context":
			case "condense_context_error":
			case "sliding_window_truncation":
				if (message.partial === true || !this.once(message, row)) return
				return this.contextChange(message)
			case "budget_notice": {
				if (!this.once(message, row)) return
				const parsed = safeParseJson(budgetStatusSchema, text)
				if (parsed.success)
					this.emit({
						type: "system",
						subtype: "budget_notice",
						id: `budget_${message.ts}`,
						...parsed.data,
					})
				return
			}
			case "mcp_server_not_ready": {
				if (!this.once(message, row)) return
				const parsed = safeParseJson(mcpServerNotReadySchema, text)
				if (parsed.success)
					this.emit({
						type: "system",
						subtype: "mcp_server_not_ready",
						id: `mcp_server_not_ready_${message.ts}`,
						...parsed.data,
					})
				return
			}
			case "checkpoint_saved":
			case "checkpoint_error":
				if (message.partial === true || !this.once(message, row)) return
				return this.checkpoint(message)
			case "completion_result":
				if (message.partial === true || !this.once(message, row)) return
				this.endCall("success")
				this.completion = text
				return this.emit({ type: "completion", id: `completion_${message.ts}`, text })
			default:
				if (message.say !== undefined && errorSays.has(message.say)) {
					if (message.partial === true || !this.once(message, row)) return
					const error =
						message.say === "rooignore_error" ? `${text} is blocked by .cairnignore` : text
					if (this.call !== undefined) {
						this.call.error = error
						return this.endCall("error")
					}
					this.emit({ type: "error", source: "agent", message: error })
				}
		}
	}

	private ask(message: ClineMessage, row: RowState): void {
		if (message.partial === true) return
		this.noteExit(message)
		const text = message.text ?? ""
		if (message.ask === "command_output") {
			const call = this.call
			if (call === undefined) return
			const delta = appendedText(call.output, text)
			call.output = text
			if (delta !== "") this.emit({ type: "tool_output", id: call.id, delta })
			return
		}
		if (!this.once(message, row)) return
		const ask = message.ask
		if (ask === undefined) return
		this.endCall(ask === "resume_task" ? "cancelled" : "success")
		const id = `ask_${message.ts}`
		let toolUseId: string | undefined
		switch (ask) {
			case "tool": {
				const parsed = safeParseJson(clineSayToolSchema, text)
				if (parsed.success) {
					const { tool, ...input } = parsed.data
					toolUseId = this.toolUse(message.ts, toolNameOf(parsed.data), tool, input, "ask")
				}
				break
			}
			case "command": {
				const parsed = safeParseJson(clineAskCommandSchema, text)
				if (parsed.success)
					toolUseId = this.toolUse(message.ts, "execute_command", "command", parsed.data, "ask")
				break
			}
			case "use_mcp_server": {
				const parsed = safeParseJson(clineAskUseMcpServerSchema, text)
				if (parsed.success)
					toolUseId = this.toolUse(message.ts, parsed.data.type, "mcp", parsed.data, "ask")
				break
			}
			case "browser_action_launch":
				toolUseId = this.toolUse(message.ts, "browser_action", "launch", { url: text }, "ask")
				break
			case "followup": {
				const parsed = safeParseJson(clineAskFollowupSchema, text)
				if (parsed.success) {
					const { question, suggest } = parsed.data
					return this.emit({
						type: "ask",
						id,
						ask,
						question,
						suggestions: suggest.map((s) => s.answer),
					})
				}
				break
			}
			case "api_req_failed":
				this.emit({ type: "error", source: "api", message: text })
				break
			case "mistake_limit_reached":
				this.emit({ type: "error", source: "agent", message: text })
				break
		}
		this.emit({
			type: "ask",
			id,
			ask,
			...(text !== "" && { text }),
			...(toolUseId !== undefined && { toolUseId }),
		})
	}

	/** A command's row of the open call got how the command ended. */
	private noteExit(message: ClineMessage): void {
		if (this.call?.ts === message.ts && message.commandExit !== undefined)
			this.call.exit = message.commandExit
	}

	/** A background command's row: its start, its new output, its end (each once). */
	private backgroundCommand(message: ClineMessage, row: RowState): void {
		const parsed = safeParseJson(backgroundCommandRowSchema, message.text ?? "")
		if (!parsed.success) return
		const { id, command, state, output, exit, stoppedBy } = parsed.data
		if (row.reported === undefined) {
			row.reported = kindOf(message)
			this.emit({ type: "system", subtype: "background_command", id, command, state: "running" })
		}
		const delta = appendedText(row.sent, output)
		row.sent = output
		if (delta !== "") this.emit({ type: "background_output", id, delta })
		if (state === "ended" && !row.done) {
			row.done = true
			this.emit({
				type: "system",
				subtype: "background_command",
				id,
				command,
				state,
				...(exit !== undefined && { exit }),
				...(stoppedBy !== undefined && { stoppedBy }),
			})
		}
	}

	private apiRequest(message: ClineMessage, row: RowState): void {
		// A new request means the previous turn's tools are done.
		this.endCall("success")
		const info = apiRequestInfo(message)
		if (info?.cost === undefined || row.costed) return
		row.costed = true
		addRequest(this.usageTotal, info)
		this.emit({
			type: "cost",
			id: `req_${message.ts}`,
			tokensIn: info.tokensIn ?? 0,
			tokensOut: info.tokensOut ?? 0,
			...(info.cacheWrites !== undefined && { cacheWrites: info.cacheWrites }),
			...(info.cacheReads !== undefined && { cacheReads: info.cacheReads }),
			cost: info.cost,
			totalCost: this.usageTotal.cost,
			...(info.cancelReason !== undefined && { cancelReason: info.cancelReason }),
			...(info.streamingFailedMessage !== undefined && { failure: info.streamingFailedMessage }),
		})
	}

	/** A checkpoint saved, a restore (its row is the checkpoint saved just before), or checkpoints off. */
	private checkpoint(message: ClineMessage): void {
		const id = `checkpoint_${message.ts}`
		if (message.say === "checkpoint_error")
			return this.emit({
				type: "system",
				subtype: "checkpoints_unavailable",
				id,
				error: message.text ?? "",
			})
		const checkpoint = checkpointOf(message)
		if (checkpoint === undefined) return
		if (checkpoint.restore !== undefined)
			return this.emit({
				type: "system",
				subtype: "checkpoint_restored",
				id,
				checkpoint: checkpoint.commit,
				...checkpoint.restore,
			})
		this.emit({
			type: "system",
			subtype: "checkpoint_saved",
			id,
			checkpoint: checkpoint.commit,
			reason: checkpoint.reason,
		})
	}

	/** The rows context management shows: a condense, a failed condense, a truncation. */
	private contextChange(message: ClineMessage): void {
		const id = `context_${message.ts}`
		const text = message.text ?? ""
		if (message.say === "sliding_window_truncation")
			return this.emit({
				type: "system",
				subtype: "context_truncated",
				id,
				...(text !== "" && { text }),
			})
		if (message.say === "condense_context_error")
			return this.emit({ type: "system", subtype: "condense_failed", id, error: text })
		const condense = message.contextCondense
		if (condense === undefined) return
		addCondense(this.usageTotal, message)
		this.emit({ type: "system", subtype: "context_condensed", id, ...condense })
	}

	private stream(type: "assistant" | "reasoning", message: ClineMessage, row: RowState): void {
		if (row.done) return
		const text = message.text ?? ""
		const id = `msg_${message.ts}`
		const delta = appendedText(row.sent, text)
		row.sent = text
		if (delta !== "") this.emit({ type, id, delta, done: false })
		if (message.partial !== true) {
			row.done = true
			this.emit({ type, id, text, done: true })
		}
	}

	private toolUse(
		ts: number,
		name: string,
		kind: string,
		input: Record<string, unknown>,
		approval: "ask" | "auto",
	): string {
		const id = `tool_${ts}`
		this.call = { id, name, ts, output: "", rejected: false }
		this.emit({ type: "tool_use", id, name, kind, input, approval })
		return id
	}
}

/**
 * The status a command's end gives its call: stopped (by the person or a cancel) is `cancelled`,
 * a non-zero exit, a signal or a timeout is `error`; undefined leaves the call's own status.
 */
function commandStatus(exit: CommandExitInfo | undefined): ToolStatus | undefined {
	if (exit === undefined || exit.proceeded === true) return undefined
	if (exit.stopped === true) return "cancelled"
	if (exit.timedOut === true || exit.signal !== undefined) return "error"
	if (exit.exitCode !== undefined && exit.exitCode !== 0) return "error"
	return undefined
}

function kindOf(message: ClineMessage): string {
	return `${message.type}:${message.ask ?? message.say}`
}
