import type { ClineMessage, IdleAsk, ResumableAsk, WebviewMessage } from "@cairn/types"
import {
	AskDispatcher,
	exitCodeOf,
	outcomeOfHostError,
	replyFor,
	runResult,
	stopTask,
	type PersonAnswer,
	type PersonChannel,
	type TaskOutcome,
} from "@cairn/core"
import type { CliRuntime } from "./CliRuntime.js"
import { t } from "../i18n/cliI18n.js"
import { budgetLine } from "../output/budgetLine.js"
import { outcomeMessage } from "./outcomeMessage.js"
import { resumeTarget } from "./taskControl.js"
import { startInWorktree } from "./worktreeStart.js"

export interface OneShotOptions {
	/** A person at the terminal (--no-tui in a TTY); absent in a non-interactive run. */
	person?: PersonChannel
	/** Registers the handler for SIGINT / SIGTERM. */
	onSignal: (handler: (signal: "SIGINT" | "SIGTERM") => void) => void
	/** One line for stderr (why the run did not complete). */
	stderr: (text: string) => void
}

/**
 * One task from start to end, as a script or `cairn -P` in a terminal runs it: start (or
 * continue) the task, let the AskDispatcher answer what it may, and end at the first idle ask,
 * at an ask nobody can answer, at a host error or at a signal. Returns the exit code.
 */
export async function runOneShot(rt: CliRuntime, options: OneShotOptions): Promise<number> {
	const { client, output } = rt
	const { person } = options
	let settle: (outcome: TaskOutcome) => void = () => {}
	const ended = new Promise<TaskOutcome>((resolve) => (settle = resolve))
	let settled = false
	const end = (outcome: TaskOutcome) => {
		if (settled) return
		settled = true
		settle(outcome)
	}
	/** Set while a stored task is being continued: its first resume ask is ours to answer. */
	let resuming: { prompt: string | undefined } | undefined

	const dispatcher = new AskDispatcher({
		client,
		policy: rt.policy,
		...(person && { person }),
		answerFollowupsWithFirstSuggestion: rt.options.autoApprove,
		logger: rt.logger,
	})
	const reply = async (message: ClineMessage, answer: PersonAnswer, by: "auto" | "person") => {
		const response: WebviewMessage | undefined = replyFor(client.getMessages(), answer)
		if (response === undefined || message.ask === undefined) return
		output.answered(message.ts, message.ask, response, by)
		await client.sendMessage(response)
	}
	const continueStored = async (ask: ResumableAsk | IdleAsk, message: ClineMessage) => {
		const prompt = resuming?.prompt
		resuming = undefined
		if (ask === "resume_completed_task" && prompt === undefined) {
			output.notice(t("tasks.completeGivePrompt"))
			return end({ kind: "completed", result: output.transcript.lastCompletion ?? "" })
		}
		await reply(message, prompt === undefined ? { kind: "yes" } : { kind: "text", text: prompt }, "auto")
	}

	dispatcher.on("answered", ({ ts, ask, reply: response, by }) => output.answered(ts, ask, response, by))
	dispatcher.on("needsPerson", ({ question, reason }) =>
		end({ kind: "needsPerson", reason, ask: question.ask }),
	)
	dispatcher.on("resumable", ({ ask, message }) => {
		if (resuming !== undefined) void continueStored(ask, message)
		else end({ kind: "cancelled" })
	})
	dispatcher.on("idle", ({ ask, message }) => {
		if (ask === "resume_completed_task") {
			if (resuming !== undefined) void continueStored(ask, message)
			else end({ kind: "completed", result: output.transcript.lastCompletion ?? "" })
			return
		}
		if (ask === "completion_result")
			return end({ kind: "completed", result: output.transcript.lastCompletion ?? "" })
		const text = message.text ?? ask
		if (person === undefined) {
			if (ask === "budget_reached")
				return end({ kind: "budget", reason: budgetLine(message.text, true) })
			if (ask === "auto_approval_max_req_reached")
				return end({ kind: "needsPerson", reason: t("outcome.autoApprovalLimit"), ask })
			return end({
				kind: "failed",
				error: ask === "mistake_limit_reached" ? t("outcome.mistakeLimit", { text }) : text,
			})
		}
		// A person can decide: retry, give guidance, or stop here.
		const abort = new AbortController()
		person
			.ask({ ts: message.ts, ask, message, blockers: [] }, abort.signal)
			.then((answer) =>
				answer.kind === "no"
					? end({ kind: "failed", error: text })
					: reply(message, answer, "person"),
			)
			.catch(() => end({ kind: "failed", error: text }))
	})
	/** A failed save outranks whatever the run reached: what it reached is not on disk. */
	let unsaved: { outcome: TaskOutcome; taskId: string | undefined } | undefined
	client.on("hostError", (message) => {
		const outcome = outcomeOfHostError(message)
		if (outcome.kind === "storageFailed") unsaved ??= { outcome, taskId: client.getTaskId() }
		end(outcome)
	})
	options.onSignal((signal) => end({ kind: "interrupted", signal }))

	try {
		if (rt.options.resume !== undefined) {
			const taskId = resumeTarget(rt.extensionHost, rt.options.resume)
			resuming = { prompt: rt.options.prompt }
			output.expectResumedTask()
			await client.sendMessage({ type: "showTaskWithId", taskId })
		} else if (rt.options.worktree !== undefined) {
			await startInWorktree(rt, rt.options.worktree)
		} else {
			await client.sendMessage({ type: "newTask", text: rt.options.prompt ?? "" })
			// A slash command may act without starting a task (`/mode architect` alone): nothing would end the run.
			if (rt.extensionHost.controller.currentTask === undefined)
				end({
					kind: "failed",
					error: t("outcome.noTaskStarted"),
				})
		}
		const reached = await ended
		dispatcher.dispose()
		// Leave a task that stopped half-way resumable on disk: cancel it and let it offer to resume.
		if (["needsPerson", "budget", "interrupted", "cancelled"].includes(reached.kind))
			await stopTask(client)
		// A save can fail after the task has finished: nothing is reported done before it is on disk.
		await rt.extensionHost.controller.flush()
		const outcome = unsaved?.outcome ?? reached
		const taskId = unsaved?.taskId ?? client.getTaskId()
		output.result(runResult(outcome, taskId, client.state.summary.totals))
		const message = outcomeMessage(outcome, taskId)
		if (message !== undefined) options.stderr(`${message}\n`)
		return exitCodeOf(outcome)
	} finally {
		dispatcher.dispose()
	}
}
