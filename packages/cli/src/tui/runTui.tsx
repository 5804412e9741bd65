import { render } from "ink"
import { lastStateMessage, type ClineMessage } from "@cairn/types"
import {
	AskDispatcher,
	exitCodeOf,
	isTaskActive,
	outcomeOfHostError,
	parseTypedAnswer,
	replyFor,
	stopTask,
	type PersonAnswer,
	type TaskOutcome,
} from "@cairn/core"
import type { CliRuntime } from "../session/CliRuntime.js"
import { outcomeMessage } from "../session/outcomeMessage.js"
import { resumeTarget } from "../session/taskControl.js"
import { App, type TuiActions } from "./App.js"
import { QuestionStore } from "./QuestionStore.js"

export interface TuiOptions {
	onSignal: (handler: (signal: "SIGINT" | "SIGTERM") => void) => void
	stderr: (text: string) => void
}

/**
 * Runs the Ink UI until the person exits. The same AskDispatcher as a script decides what -y may
 * approve; what it may not is put to the person through the QuestionStore. The exit code is the
 * last task's ending (130 if it was still running or interrupted).
 */
export async function runTui(rt: CliRuntime, options: TuiOptions): Promise<number> {
	const { client, output } = rt
	const questions = new QuestionStore()
	const dispatcher = new AskDispatcher({
		client,
		policy: rt.policy,
		person: questions,
		answerFollowupsWithFirstSuggestion: false,
		logger: rt.logger,
	})
	let outcome: TaskOutcome | undefined
	let resuming =
		rt.options.resume !== undefined && rt.options.prompt !== undefined
			? { prompt: rt.options.prompt }
			: undefined

	const send = (message: ClineMessage, answer: PersonAnswer, by: "auto" | "person") => {
		const reply = replyFor(client.getMessages(), answer)
		if (reply === undefined || message.ask === undefined) return
		outcome = undefined
		output.answered(message.ts, message.ask, reply, by)
		void client.sendMessage(reply)
	}
	const continueStored = (message: ClineMessage) => {
		const prompt = resuming?.prompt ?? ""
		resuming = undefined
		send(message, { kind: "text", text: prompt }, "auto")
	}
	dispatcher.on("answered", ({ ts, ask, reply, by }) => output.answered(ts, ask, reply, by))
	dispatcher.on("resumable", ({ message }) => {
		if (resuming !== undefined) return continueStored(message)
		outcome = { kind: "cancelled" }
	})
	dispatcher.on("idle", ({ ask, message }) => {
		if (ask === "resume_completed_task" && resuming !== undefined) return continueStored(message)
		if (ask === "completion_result" || ask === "resume_completed_task")
			outcome = { kind: "completed", result: output.transcript.lastCompletion ?? "" }
		else outcome = { kind: "failed", error: message.text ?? ask }
	})
	client.on("hostError", (message) => (outcome = outcomeOfHostError(message)))

	let exit: () => void = () => {}
	const exited = new Promise<void>((resolve) => (exit = resolve))
	options.onSignal(() => exit())
	const actions: TuiActions = {
		submit(text) {
			const last = lastStateMessage(client.getMessages())
			if (client.getAgentState().state === "no_task" || last?.ask === undefined) {
				outcome = undefined
				void client.sendMessage({ type: "newTask", text })
				return
			}
			send(last, parseTypedAnswer(text, last.ask), "person")
		},
		cancel: () => void client.sendMessage({ type: "cancelTask" }),
		exit: () => exit(),
		isTaskActive: () => isTaskActive(client),
	}

	// Resolved before drawing, so a bad --session-id is a plain usage error.
	const resumeId =
		rt.options.resume !== undefined ? resumeTarget(rt.extensionHost, rt.options.resume) : undefined
	const instance = render(<App client={client} questions={questions} actions={actions} />, {
		exitOnCtrlC: false,
		patchConsole: true,
	})
	try {
		if (resumeId !== undefined) {
			await client.sendMessage({ type: "showTaskWithId", taskId: resumeId })
		} else if (rt.options.prompt !== undefined) {
			await client.sendMessage({ type: "newTask", text: rt.options.prompt })
		}
		await exited
		const wasActive = isTaskActive(client)
		if (wasActive) await stopTask(client)
		const final: TaskOutcome | undefined = wasActive ? { kind: "cancelled" } : outcome
		instance.unmount()
		await instance.waitUntilExit()
		const message = final && outcomeMessage(final, client.getTaskId())
		if (message !== undefined) options.stderr(`${message}\n`)
		return final ? exitCodeOf(final) : 0
	} finally {
		instance.unmount()
		dispatcher.dispose()
	}
}
