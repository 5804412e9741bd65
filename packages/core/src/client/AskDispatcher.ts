import { EventEmitter } from "node:events"
import type { Logger } from "../host/Host.js"
import {
	clineAskFollowupSchema,
	isIdleAsk,
	isInteractiveAsk,
	isNonBlockingAsk,
	isResumableAsk,
	safeParseJson,
	type ClineAsk,
	type ClineAskFollowup,
	type ClineMessage,
	type IdleAsk,
	type ResumableAsk,
	type WebviewMessage,
	lastStateMessage,
} from "@cairn/types"
import type { ExtensionClient } from "./ExtensionClient.js"
import { approvalBlockers, type ApprovalPolicy } from "./approvalBlockers.js"
import { replyFor, type PersonAnswer } from "./personAnswers.js"

/** An ask that a person has to decide, with what they need to know. */
export interface PendingQuestion {
	ts: number
	ask: ClineAsk
	message: ClineMessage
	/** Why -y did not approve it (outside the workspace, protected, denied); empty otherwise. */
	blockers: string[]
	followup?: ClineAskFollowup
}

/** Where questions go when a person can answer: the TUI, a terminal prompt, a prompt stream. */
export interface PersonChannel {
	/** Resolves with the answer; `signal` aborts when the ask is gone (cancelled, superseded). */
	ask(question: PendingQuestion, signal: AbortSignal): Promise<PersonAnswer>
}

export type AnsweredBy = "auto" | "person"

export interface AskDispatcherEvents {
	answered: [{ ts: number; ask: ClineAsk; reply: WebviewMessage; by: AnsweredBy }]
	/** Nobody can answer this ask in this run (no person, or -y may not approve it). */
	needsPerson: [{ question: PendingQuestion; reason: string }]
	/** The task stopped (completed, failed, or at a limit); the session decides what follows. */
	idle: [{ ask: IdleAsk; message: ClineMessage }]
	/** The task was interrupted and can be resumed. */
	resumable: [{ ask: ResumableAsk; message: ClineMessage }]
}

export interface AskDispatcherOptions {
	client: ExtensionClient
	policy: ApprovalPolicy
	/** Absent in a non-interactive run: asks that need a person end it. */
	person?: PersonChannel
	/** -y with nobody to ask: a follow-up question takes its first suggested answer. */
	answerFollowupsWithFirstSuggestion: boolean
	logger?: Logger
}

/**
 * Routes every ask by its category (seed 000): interactive asks are approved (-y), answered
 * automatically or put to a person; idle and resumable asks are reported to the session;
 * non-blocking ones (a running command) need nothing: the command runs on.
 */
export class AskDispatcher extends EventEmitter<AskDispatcherEvents> {
	private pending: { ts: number; abort: AbortController } | undefined
	private readonly detach: () => void

	constructor(private readonly options: AskDispatcherOptions) {
		super()
		const { client } = options
		const onWaiting = ({ message }: { message: ClineMessage }) => {
			// Answer outside the host's call stack: the task registers its wait right after it posts the ask.
			setImmediate(() => void this.route(message))
		}
		const onStateChange = () => {
			const pending = this.pending
			if (pending !== undefined && client.getAgentState().lastMessageTs !== pending.ts) {
				pending.abort.abort()
				this.pending = undefined
			}
		}
		client.on("waitingForInput", onWaiting)
		client.on("stateChange", onStateChange)
		this.detach = () => {
			client.off("waitingForInput", onWaiting)
			client.off("stateChange", onStateChange)
		}
	}

	dispose(): void {
		this.detach()
		this.pending?.abort.abort()
	}

	/** The question a person is being asked right now, if any. */
	get pendingTs(): number | undefined {
		return this.pending?.ts
	}

	private isCurrent(ts: number): boolean {
		const last = lastStateMessage(this.options.client.getMessages())
		return last?.ts === ts && last.partial !== true
	}

	private async route(message: ClineMessage): Promise<void> {
		const ask = message.ask
		if (ask === undefined || !this.isCurrent(message.ts)) return
		if (isIdleAsk(ask)) {
			this.emit("idle", { ask, message })
			return
		}
		if (isResumableAsk(ask)) {
			this.emit("resumable", { ask, message })
			return
		}
		if (isNonBlockingAsk(ask) || !isInteractiveAsk(ask)) return
		try {
			await this.routeInteractive(ask, message)
		} catch (error) {
			this.options.logger?.error("Routing an ask failed", { ask, error: String(error) })
		}
	}

	private async routeInteractive(ask: ClineAsk, message: ClineMessage): Promise<void> {
		const { policy, person } = this.options
		const question: PendingQuestion = { ts: message.ts, ask, message, blockers: [] }
		if (ask === "followup") {
			const parsed = safeParseJson(clineAskFollowupSchema, message.text)
			if (parsed.success) question.followup = parsed.data
			const first = question.followup?.suggest[0]?.answer
			if (
				person === undefined &&
				this.options.answerFollowupsWithFirstSuggestion &&
				first !== undefined
			)
				return this.send(question, { kind: "text", text: first }, "auto")
			if (person === undefined) return this.needsPerson(question, "the agent asks a follow-up question")
		} else {
			question.blockers = await approvalBlockers(message, policy)
			if (!this.isCurrent(message.ts)) return
			if (policy.autoApprove && question.blockers.length === 0)
				return this.send(question, { kind: "yes" }, "auto")
			if (person === undefined) {
				const reason =
					question.blockers.length > 0
						? `approval needed: ${question.blockers.join("; ")}`
						: `approval needed for ${describeApproval(ask)} (pass -y to approve automatically)`
				return this.needsPerson(question, reason)
			}
		}
		await this.askPerson(person, question)
	}

	private async askPerson(person: PersonChannel, question: PendingQuestion): Promise<void> {
		this.pending?.abort.abort()
		const pending = { ts: question.ts, abort: new AbortController() }
		this.pending = pending
		let answer: PersonAnswer
		try {
			answer = await person.ask(question, pending.abort.signal)
		} catch (error) {
			// Aborted because the ask went away, or the person's input closed.
			if (!pending.abort.signal.aborted) this.needsPerson(question, `no answer: ${String(error)}`)
			return
		} finally {
			if (this.pending === pending) this.pending = undefined
		}
		if (pending.abort.signal.aborted || !this.isCurrent(question.ts)) return
		await this.send(question, answer, "person")
	}

	private needsPerson(question: PendingQuestion, reason: string): void {
		this.options.logger?.debug("[AskDispatcher] needs a person", { ask: question.ask, reason })
		this.emit("needsPerson", { question, reason })
	}

	private async send(question: PendingQuestion, answer: PersonAnswer, by: AnsweredBy): Promise<void> {
		const answered = replyFor(this.options.client.getMessages(), answer)
		if (answered === undefined) return
		// The core sandboxes what a standing rule approves, as it does its own auto-approvals.
		const reply =
			by === "auto" && answered.type === "askResponse" && answered.askResponse === "yesButtonClicked"
				? { ...answered, automatic: true as const }
				: answered
		this.options.logger?.debug("[AskDispatcher] answer", { ask: question.ask, by, reply: reply.type })
		this.emit("answered", { ts: question.ts, ask: question.ask, reply, by })
		await this.options.client.sendMessage(reply)
	}
}

function describeApproval(ask: ClineAsk): string {
	switch (ask) {
		case "tool":
			return "a file operation"
		case "command":
			return "a command"
		case "use_mcp_server":
			return "an MCP server request"
		case "browser_action_launch":
			return "a browser action"
		default:
			return ask
	}
}
