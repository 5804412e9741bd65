import {
	chatControls,
	configurationMessages,
	pressableButton,
	type ClineMessage,
	type ExtensionMessageOf,
	type HistoryItem,
	type IdleAsk,
	type ResumableAsk,
	lastStateMessage,
} from "@cairn/types"
import { AskDispatcher, type PendingQuestion, type PersonChannel } from "../client/AskDispatcher.js"
import type { ApprovalPolicy } from "../client/approvalBlockers.js"
import type { ExtensionClient } from "../client/ExtensionClient.js"
import { parseTypedAnswer, replyFor, type PersonAnswer } from "../client/personAnswers.js"
import { isTaskActive, stopTask } from "../client/taskControl.js"
import type { Logger } from "../host/Host.js"
import { condenseCurrentTask, isCondenseRefusal, type CondenseOutcome } from "./condenseRequest.js"
import type { OutputManager } from "./OutputManager.js"
import {
	parseStreamCommand,
	streamCommandNames,
	type StreamCommand,
	type StreamCommandOf,
} from "./streamCommands.js"
import type { InitInfo } from "./streamJson.js"
import { isTaskCommand, runTaskCommand, type TaskCommand, type TaskCommandPort } from "./taskCommands.js"
import { exitCodeOf, outcomeOfHostError, runResult, type TaskOutcome } from "./taskOutcome.js"

/** Lines longer than this are refused (and never parsed). */
export const maxCommandLineChars = 1_000_000

const doneCodes: Readonly<Record<TaskOutcome["kind"], string>> = {
	completed: "task_completed",
	failed: "task_failed",
	needsPerson: "needs_person",
	budget: "budget",
	interrupted: "task_aborted",
	cancelled: "task_aborted",
	storageFailed: "storage_failed",
	locked: "task_locked",
}

/** What a session works with: a protocol client of the agent, and where its lines go. */
export interface PromptStreamContext {
	client: ExtensionClient
	/** Renders stream-json lines (to the CLI's stdout, or to an IPC connection). */
	output: OutputManager
	policy: ApprovalPolicy
	logger: Logger
	/** The `init` line, given the commands this session reads. */
	initInfo: (commands: readonly string[]) => InitInfo
	/** This workspace's tasks (a `start` with a taskId continues one of them). */
	listHistory: () => readonly HistoryItem[]
	/** The person let the stream change trust settings (see configurationMessages); false by default. */
	mayChangeTrust?: boolean
	/** The board's tasks (in worktrees): started, listed, diffed, landed, discarded. */
	tasks: TaskCommandPort
}

interface Waiting {
	question: PendingQuestion
	resolve: (answer: PersonAnswer) => void
	reject: (error: Error) => void
}

/**
 * NDJSON commands in, stream-json out: the CLI's --stdin-prompt-stream and each connection of the
 * extension's IPC socket. Every command gets `ack` then `done` (with a code), or a single
 * `error`; a line that is not a valid command gets an `error` with code invalid_command and never
 * stops the session. The stream is the person: approvals (unless the policy approves them) and
 * follow-up questions wait for a `message` or a button press.
 */
export class PromptStreamSession implements PersonChannel {
	private readonly dispatcher: AskDispatcher
	private waiting: Waiting | undefined
	private readonly queued: string[] = []
	private activeStart: { requestId: string } | undefined
	private readonly cancels: string[] = []
	private resuming: { prompt: string } | undefined
	/** The requestId of the condense under way; one at a time. */
	private condensing: string | undefined
	private lastOutcome: TaskOutcome | undefined
	private inputEnded = false
	private closed = false
	private chain: Promise<void> = Promise.resolve()
	private finish: (code: number) => void = () => {}
	private readonly finished = new Promise<number>((resolve) => (this.finish = resolve))
	private detachClient: () => void = () => {}

	constructor(private readonly context: PromptStreamContext) {
		this.dispatcher = new AskDispatcher({
			client: context.client,
			policy: context.policy,
			person: this,
			answerFollowupsWithFirstSuggestion: false,
			logger: context.logger,
		})
	}

	/**
	 * Writes the `init` line and starts following the agent. Resolves with the exit code once the
	 * session ends (`shutdown`, or the end of input after the running task ended).
	 */
	start(): Promise<number> {
		const { client, output } = this.context
		output.init(this.context.initInfo(streamCommandNames))
		this.dispatcher.on("answered", ({ ts, ask, reply, by }) => output.answered(ts, ask, reply, by))
		this.dispatcher.on("needsPerson", ({ question, reason }) =>
			this.taskEnded({ kind: "needsPerson", reason, ask: question.ask }),
		)
		this.dispatcher.on("resumable", ({ ask, message }) => {
			if (this.resuming !== undefined) void this.continueStored(ask, message)
			else this.taskEnded({ kind: "cancelled" })
		})
		this.dispatcher.on("idle", ({ ask, message }) => this.onIdle(ask, message))
		const onHostError = (message: ExtensionMessageOf<"error">) => {
			// A condense that could not be done answers its own command; the task goes on.
			if (isCondenseRefusal(message)) return
			if (this.activeStart !== undefined) this.taskEnded(outcomeOfHostError(message))
			else output.event({ type: "error", source: "host", message: message.error })
		}
		client.on("hostError", onHostError)
		this.detachClient = () => client.off("hostError", onHostError)
		return this.finished.finally(() => this.close())
	}

	/** One line of input; lines are handled one after another, in order. */
	receive(line: string): void {
		this.chain = this.chain
			.then(() => this.handleLine(line))
			.catch((error: unknown) => {
				this.context.logger.error("A stream command failed", { error: String(error) })
			})
	}

	/** No more input will come: the running task finishes first, then the session ends. */
	endOfInput(): void {
		this.chain = this.chain.then(() => this.onInputEnd())
	}

	/** Cancels the running task (it is saved and resumable) and ends the session with `code`. */
	async stop(code: number): Promise<void> {
		await stopTask(this.context.client)
		this.finish(code)
	}

	/**
	 * Stops following the agent and answering for it, leaving the task as it is: the IPC socket
	 * calls this when its client disconnects.
	 */
	close(): void {
		if (this.closed) return
		this.closed = true
		this.dispatcher.dispose()
		this.detachClient()
		this.finish(0)
	}

	/** PersonChannel: the next `message` answers; one sent early (queued) answers at once. */
	ask(question: PendingQuestion, signal: AbortSignal): Promise<PersonAnswer> {
		const early = this.queued.shift()
		if (early !== undefined)
			return Promise.resolve(parseTypedAnswer(early, question.ask, question.followup))
		if (this.inputEnded) return Promise.reject(new Error("the input has ended; nobody can answer"))
		this.context.output.event({
			type: "system",
			subtype: "waiting_for_answer",
			id: `ask_${question.ts}`,
			ask: question.ask,
			blockers: question.blockers,
		})
		return new Promise((resolve, reject) => {
			const waiting: Waiting = { question, resolve, reject }
			this.waiting = waiting
			signal.addEventListener(
				"abort",
				() => {
					if (this.waiting === waiting) this.waiting = undefined
					reject(new Error("the ask was withdrawn"))
				},
				{ once: true },
			)
		})
	}

	private control(line: Record<string, unknown>): void {
		this.context.output.control(line)
	}

	private ack(command: StreamCommand): void {
		this.control({ type: "ack", requestId: command.requestId, command: command.command })
	}

	private done(
		command: StreamCommand | { requestId: string; command: string },
		code: string,
		extra = {},
	): void {
		this.control({ type: "done", requestId: command.requestId, command: command.command, code, ...extra })
	}

	private refuse(command: StreamCommand, code: string, message: string): void {
		this.control({
			type: "error",
			source: "command",
			requestId: command.requestId,
			command: command.command,
			code,
			message,
		})
	}

	private async handleLine(line: string): Promise<void> {
		if (line.trim() === "") return
		if (line.length > maxCommandLineChars) {
			this.control({
				type: "error",
				source: "command",
				code: "invalid_command",
				message: `the line is longer than ${maxCommandLineChars} characters`,
			})
			return
		}
		const parsed = parseStreamCommand(line)
		if (!parsed.success) {
			this.control({
				type: "error",
				source: "command",
				code: "invalid_command",
				message: parsed.error,
				...(parsed.requestId !== undefined && { requestId: parsed.requestId }),
			})
			return
		}
		await this.handleCommand(parsed.data)
	}

	private async handleCommand(command: StreamCommand): Promise<void> {
		const { client, output } = this.context
		if (isTaskCommand(command)) return this.taskCommand(command)
		switch (command.command) {
			case "ping":
				this.ack(command)
				return this.done(command, "pong")
			case "shutdown":
				this.ack(command)
				this.done(command, "shutdown")
				return this.stop(0)
			case "cancel":
				if (!isTaskActive(client)) return this.refuse(command, "no_active_task", "no task is running")
				this.ack(command)
				this.cancels.push(command.requestId)
				return client.sendMessage({ type: "cancelTask" })
			case "condense":
				return this.condense(command)
			case "start": {
				if (this.activeStart !== undefined || isTaskActive(client))
					return this.refuse(
						command,
						"task_busy",
						"a task is running; cancel it or wait for its done",
					)
				if (
					command.taskId !== undefined &&
					!this.context.listHistory().some((t) => t.id === command.taskId)
				)
					return this.refuse(
						command,
						"task_not_found",
						`there is no task ${command.taskId} in this workspace`,
					)
				this.ack(command)
				this.activeStart = { requestId: command.requestId }
				this.queued.length = 0
				if (command.taskId !== undefined) {
					this.resuming = { prompt: command.prompt }
					output.expectResumedTask()
					return client.sendMessage({ type: "showTaskWithId", taskId: command.taskId })
				}
				return client.sendMessage({ type: "newTask", text: command.prompt })
			}
			case "message":
				return this.message(command)
			case "pressPrimaryButton":
			case "pressSecondaryButton":
				return this.press(command)
			case "getConfiguration":
				this.ack(command)
				return this.done(command, "configuration", { configuration: client.state.settings })
			case "setConfiguration":
				return this.configure(command)
		}
	}

	/** Acts on a board task; a refusal (an unknown task, a conflicting merge) is this command's error. */
	private async taskCommand(command: TaskCommand): Promise<void> {
		let outcome: Awaited<ReturnType<typeof runTaskCommand>>
		try {
			outcome = await runTaskCommand(command, this.context.tasks)
		} catch (error) {
			return this.refuse(command, "refused", error instanceof Error ? error.message : String(error))
		}
		this.ack(command)
		this.done(command, outcome.code, outcome.fields)
	}

	/** Presses the button the chat shows for the current ask: exactly what the webview sends. */
	private async press(
		command: StreamCommandOf<"pressPrimaryButton" | "pressSecondaryButton">,
	): Promise<void> {
		const { client, output } = this.context
		const role = command.command === "pressPrimaryButton" ? "primary" : "secondary"
		const messages = client.getMessages()
		const button = pressableButton(chatControls(messages), role)
		if (button === undefined)
			return this.refuse(command, "no_button", `there is no enabled ${role} button now`)
		this.ack(command)
		const last = lastStateMessage(messages)
		if (last?.ask !== undefined) output.answered(last.ts, last.ask, button.message, "person")
		await client.sendMessage(button.message)
		this.done(command, "pressed", { button: button.text })
	}

	/**
	 * Condenses the current task (running or stopped): `ack` at once, then `done` when the
	 * summarization request is over, with its figures (`condensed`) or its reason
	 * (`condense_failed`). It runs beside the command chain, so a `cancel` or a `message` sent
	 * meanwhile is not held up behind it.
	 */
	private condense(command: StreamCommandOf<"condense">): void {
		const { client } = this.context
		if (client.getTaskId() === undefined)
			return this.refuse(command, "no_active_task", "there is no task to condense; start one")
		if (this.condensing !== undefined)
			return this.refuse(
				command,
				"task_busy",
				`a condense is under way (${this.condensing}); wait for its done`,
			)
		this.ack(command)
		this.condensing = command.requestId
		void condenseCurrentTask(client)
			.catch((error: unknown): CondenseOutcome => ({ code: "condense_failed", error: String(error) }))
			.then(({ code, ...figures }) => {
				this.condensing = undefined
				this.done(command, code, figures)
			})
	}

	private async configure(command: StreamCommandOf<"setConfiguration">): Promise<void> {
		const { client } = this.context
		// Judged here on the settings this client last heard, and again by the host when applied.
		const messages = configurationMessages(command.configuration, {
			current: client.state.settings ?? {},
			mayChangeTrust: this.context.mayChangeTrust === true,
		})
		if (!messages.success) return this.refuse(command, "invalid_configuration", messages.error)
		this.ack(command)
		for (const message of messages.data) await client.sendMessage(message)
		this.done(command, "configured", { configuration: client.state.settings })
	}

	private async message(command: StreamCommandOf<"message">): Promise<void> {
		const { client, output } = this.context
		const waiting = this.waiting
		if (waiting !== undefined) {
			this.waiting = undefined
			this.ack(command)
			waiting.resolve(parseTypedAnswer(command.prompt, waiting.question.ask, waiting.question.followup))
			return this.done(command, "responded")
		}
		const state = client.getAgentState()
		const last = lastStateMessage(client.getMessages())
		if (state.isWaitingForInput && state.askCategory !== "interactive" && last?.ask !== undefined) {
			// The task stopped (completed, failed, cancelled): the message continues it.
			const reply = replyFor(client.getMessages(), parseTypedAnswer(command.prompt, last.ask))
			if (reply !== undefined) {
				this.ack(command)
				output.answered(last.ts, last.ask, reply, "person")
				await client.sendMessage(reply)
				return this.done(command, "responded")
			}
		}
		if (isTaskActive(client) || this.activeStart !== undefined) {
			this.ack(command)
			this.queued.push(command.prompt)
			return this.done(command, "queued")
		}
		this.refuse(command, "no_active_task", "there is no task to send a message to; start one")
	}

	private onIdle(ask: IdleAsk, message: ClineMessage): void {
		if (ask === "resume_completed_task") {
			if (this.resuming !== undefined) void this.continueStored(ask, message)
			else
				this.taskEnded({
					kind: "completed",
					result: this.context.output.transcript.lastCompletion ?? "",
				})
			return
		}
		if (ask === "completion_result") {
			// A message queued while the task ran is the person's reply to its result: it continues.
			const queued = this.queued.shift()
			if (queued !== undefined) {
				const reply = replyFor(this.context.client.getMessages(), { kind: "text", text: queued })
				if (reply !== undefined) {
					this.context.output.answered(message.ts, ask, reply, "person")
					void this.context.client.sendMessage(reply)
					return
				}
			}
			return this.taskEnded({
				kind: "completed",
				result: this.context.output.transcript.lastCompletion ?? "",
			})
		}
		// Continuing past an auto-approval limit or a budget is the stream's call: a `message` answers it.
		if (ask === "auto_approval_max_req_reached" || ask === "budget_reached") return
		this.taskEnded({ kind: "failed", error: message.text ?? ask })
	}

	private async continueStored(ask: ResumableAsk | IdleAsk, message: ClineMessage): Promise<void> {
		const prompt = this.resuming?.prompt ?? ""
		this.resuming = undefined
		const reply = replyFor(this.context.client.getMessages(), { kind: "text", text: prompt })
		if (reply === undefined) return
		this.context.output.answered(message.ts, ask, reply, "auto")
		await this.context.client.sendMessage(reply)
	}

	private taskEnded(outcome: TaskOutcome): void {
		const { client, output } = this.context
		this.lastOutcome = outcome
		const taskId = client.getTaskId()
		output.result(runResult(outcome, taskId, client.state.summary.totals))
		const extra = {
			...(taskId !== undefined && { taskId }),
			...((outcome.kind === "failed" ||
				outcome.kind === "storageFailed" ||
				outcome.kind === "locked") && {
				error: outcome.error,
			}),
			...((outcome.kind === "needsPerson" || outcome.kind === "budget") && { error: outcome.reason }),
		}
		if (this.activeStart !== undefined)
			this.done({ ...this.activeStart, command: "start" }, doneCodes[outcome.kind], extra)
		this.activeStart = undefined
		this.queued.length = 0
		for (const requestId of this.cancels.splice(0))
			this.done({ requestId, command: "cancel" }, "task_aborted", extra)
		if (this.inputEnded) void this.stop(this.lastOutcome ? exitCodeOf(this.lastOutcome) : 0)
	}

	private onInputEnd(): void {
		this.inputEnded = true
		const waiting = this.waiting
		this.waiting = undefined
		waiting?.reject(new Error("the input has ended; nobody can answer"))
		// A task still running finishes first; its end stops the session (taskEnded).
		if (this.activeStart === undefined && !isTaskActive(this.context.client))
			void this.stop(this.lastOutcome ? exitCodeOf(this.lastOutcome) : 0)
	}
}
