import { createInterface } from "node:readline"
import type { Readable } from "node:stream"
import type { ClineMessage, IdleAsk, ResumableAsk } from "@cairn/types"
import { AskDispatcher, type PendingQuestion, type PersonChannel } from "../dispatch/AskDispatcher.js"
import { parseTypedAnswer, replyFor, type PersonAnswer } from "../dispatch/personAnswers.js"
import { parseStdinCommand, stdinCommandNames, type StdinCommand } from "../input/stdinCommands.js"
import type { CliRuntime } from "./CliRuntime.js"
import { isTaskActive, stopTask } from "./taskControl.js"
import { exitCodeOf, runResult, type TaskOutcome } from "./taskOutcome.js"

/** Lines longer than this are refused (and never parsed). */
export const maxCommandLineChars = 1_000_000

const doneCodes: Readonly<Record<TaskOutcome["kind"], string>> = {
	completed: "task_completed",
	failed: "task_failed",
	needsPerson: "needs_person",
	interrupted: "task_aborted",
	cancelled: "task_aborted",
}

export interface PromptStreamOptions {
	input: Readable
	onSignal: (handler: (signal: "SIGINT" | "SIGTERM") => void) => void
}

interface Waiting {
	question: PendingQuestion
	resolve: (answer: PersonAnswer) => void
	reject: (error: Error) => void
}

/**
 * --stdin-prompt-stream: NDJSON commands in, stream-json out. Every command gets `ack` then
 * `done` (with a code), or a single `error`; a line that is not a valid command gets an
 * `error` with code invalid_command and never stops the session. The stream is the person:
 * approvals (without -y) and follow-up questions wait for a `message`.
 */
export class PromptStreamSession implements PersonChannel {
	private readonly dispatcher: AskDispatcher
	private waiting: Waiting | undefined
	private readonly queued: string[] = []
	private activeStart: { requestId: string } | undefined
	private readonly cancels: string[] = []
	private resuming: { prompt: string } | undefined
	private lastOutcome: TaskOutcome | undefined
	private inputEnded = false
	private chain: Promise<void> = Promise.resolve()
	private finish: (code: number) => void = () => {}

	constructor(
		private readonly rt: CliRuntime,
		private readonly options: PromptStreamOptions,
	) {
		this.dispatcher = new AskDispatcher({
			client: rt.client,
			policy: rt.policy,
			person: this,
			answerFollowupsWithFirstSuggestion: false,
			logger: rt.logger,
		})
	}

	run(): Promise<number> {
		const { rt } = this
		const finished = new Promise<number>((resolve) => (this.finish = resolve))
		rt.output.init(rt.initInfo(stdinCommandNames))
		this.dispatcher.on("answered", ({ ts, ask, reply, by }) => rt.output.answered(ts, ask, reply, by))
		this.dispatcher.on("needsPerson", ({ question, reason }) =>
			this.taskEnded({ kind: "needsPerson", reason, ask: question.ask }),
		)
		this.dispatcher.on("resumable", ({ ask, message }) => {
			if (this.resuming !== undefined) void this.continueStored(ask, message)
			else this.taskEnded({ kind: "cancelled" })
		})
		this.dispatcher.on("idle", ({ ask, message }) => this.onIdle(ask, message))
		rt.client.on("hostError", ({ error }) => {
			if (this.activeStart !== undefined) this.taskEnded({ kind: "failed", error })
			else rt.output.event({ type: "error", source: "host", message: error })
		})
		this.options.onSignal((signal) => void this.stop(exitCodeOf({ kind: "interrupted", signal })))

		const lines = createInterface({ input: this.options.input, crlfDelay: Infinity })
		lines.on("line", (line) => {
			this.chain = this.chain
				.then(() => this.handleLine(line))
				.catch((error: unknown) => {
					rt.logger.error("A stdin command failed", { error: String(error) })
				})
		})
		lines.on("close", () => {
			this.chain = this.chain.then(() => this.onInputEnd())
		})
		return finished.finally(() => {
			lines.close()
			this.dispatcher.dispose()
		})
	}

	/** PersonChannel: the next `message` answers; one sent early (queued) answers at once. */
	ask(question: PendingQuestion, signal: AbortSignal): Promise<PersonAnswer> {
		const early = this.queued.shift()
		if (early !== undefined)
			return Promise.resolve(parseTypedAnswer(early, question.ask, question.followup))
		if (this.inputEnded) return Promise.reject(new Error("stdin has ended; nobody can answer"))
		this.rt.output.event({
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
		this.rt.output.control(line)
	}

	private ack(command: StdinCommand): void {
		this.control({ type: "ack", requestId: command.requestId, command: command.command })
	}

	private done(
		command: StdinCommand | { requestId: string; command: string },
		code: string,
		extra = {},
	): void {
		this.control({ type: "done", requestId: command.requestId, command: command.command, code, ...extra })
	}

	private refuse(command: StdinCommand, code: string, message: string): void {
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
		const parsed = parseStdinCommand(line)
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

	private async handleCommand(command: StdinCommand): Promise<void> {
		const { client, output, extensionHost } = this.rt
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
			case "start": {
				if (this.activeStart !== undefined || isTaskActive(client))
					return this.refuse(
						command,
						"task_busy",
						"a task is running; cancel it or wait for its done",
					)
				if (
					command.taskId !== undefined &&
					!extensionHost.listHistory().some((t) => t.id === command.taskId)
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
		}
	}

	private async message(command: Extract<StdinCommand, { command: "message" }>): Promise<void> {
		const { client, output } = this.rt
		const waiting = this.waiting
		if (waiting !== undefined) {
			this.waiting = undefined
			this.ack(command)
			waiting.resolve(parseTypedAnswer(command.prompt, waiting.question.ask, waiting.question.followup))
			return this.done(command, "responded")
		}
		const state = client.getAgentState()
		const last = client.getMessages().at(-1)
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
			else this.taskEnded({ kind: "completed", result: this.rt.output.transcript.lastCompletion ?? "" })
			return
		}
		if (ask === "completion_result") {
			// A message queued while the task ran is the person's reply to its result: it continues.
			const queued = this.queued.shift()
			if (queued !== undefined) {
				const reply = replyFor(this.rt.client.getMessages(), { kind: "text", text: queued })
				if (reply !== undefined) {
					this.rt.output.answered(message.ts, ask, reply, "person")
					void this.rt.client.sendMessage(reply)
					return
				}
			}
			return this.taskEnded({
				kind: "completed",
				result: this.rt.output.transcript.lastCompletion ?? "",
			})
		}
		// Continuing past an auto-approval limit is the stream's call: a `message` answers it.
		if (ask === "auto_approval_max_req_reached") return
		this.taskEnded({ kind: "failed", error: message.text ?? ask })
	}

	private async continueStored(ask: ResumableAsk | IdleAsk, message: ClineMessage): Promise<void> {
		const prompt = this.resuming?.prompt ?? ""
		this.resuming = undefined
		const reply = replyFor(this.rt.client.getMessages(), { kind: "text", text: prompt })
		if (reply === undefined) return
		this.rt.output.answered(message.ts, ask, reply, "auto")
		await this.rt.client.sendMessage(reply)
	}

	private taskEnded(outcome: TaskOutcome): void {
		const { client, output } = this.rt
		this.lastOutcome = outcome
		const taskId = client.getTaskId()
		output.result(runResult(outcome, taskId, output.transcript.usage))
		const extra = {
			...(taskId !== undefined && { taskId }),
			...(outcome.kind === "failed" && { error: outcome.error }),
			...(outcome.kind === "needsPerson" && { error: outcome.reason }),
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
		waiting?.reject(new Error("stdin has ended; nobody can answer"))
		// A task still running finishes first; its end stops the session (taskEnded).
		if (this.activeStart === undefined && !isTaskActive(this.rt.client))
			void this.stop(this.lastOutcome ? exitCodeOf(this.lastOutcome) : 0)
	}

	private async stop(code: number): Promise<void> {
		await stopTask(this.rt.client)
		this.finish(code)
	}
}
