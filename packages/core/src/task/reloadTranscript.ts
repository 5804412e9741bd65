import {
	backgroundCommandRowSchema,
	checkpointOf,
	clineApiReqInfoSchema,
	isAside,
	safeParseJson,
	type ClineMessage,
	type RestoreReport,
} from "@cairn/types"

const resumeAsks = new Set(["resume_task", "resume_completed_task"])

/**
 * A transcript read back from disk, made ready to show again: resume asks left by an earlier
 * session (or opening) are dropped (a fresh one follows), and a request that was streaming when the process
 * died is marked as stopped, so no client shows it as streaming forever; so is a background
 * command's row that still said running (its process ended with the one that ran it).
 * `changed` lists the messages to journal again.
 */
export function prepareReloadedTranscript(saved: readonly ClineMessage[]): {
	messages: ClineMessage[]
	changed: ClineMessage[]
} {
	const messages = [...saved]
	// Only restores (their checkpoint rows) and asides (a todo edit) may have happened since an
	// earlier session's resume ask.
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]
		if (message === undefined) break
		if (resumeAsks.has(message.ask ?? "")) messages.splice(i, 1)
		else if (message.say !== "checkpoint_saved" && !isAside(message)) break
	}
	const changed: ClineMessage[] = []
	for (let i = 0; i < messages.length; i++) {
		const message = messages[i]
		if (message?.say === "background_command") {
			const row = safeParseJson(backgroundCommandRowSchema, message.text)
			if (!row.success || row.data.state !== "running") continue
			const ended = {
				...message,
				text: JSON.stringify({
					...row.data,
					state: "ended",
					exit: { stopped: true },
					stoppedBy: "task",
				}),
			}
			messages[i] = ended
			changed.push(ended)
			continue
		}
		if (message?.say !== "api_req_started") continue
		const info = safeParseJson(clineApiReqInfoSchema, message.text)
		if (!info.success || info.data.cost !== undefined || info.data.cancelReason !== undefined) continue
		const stopped = {
			...message,
			text: JSON.stringify({
				...info.data,
				cancelReason: "streaming_failed",
				streamingFailedMessage: "Cairn stopped before this request finished.",
			}),
		}
		messages[i] = stopped
		changed.push(stopped)
	}
	return { messages, changed }
}

/** The restore the person made while the task waited (its report), when that is the last thing that happened. */
export function restoreBeforeResume(messages: readonly ClineMessage[]): RestoreReport | undefined {
	const last = messages.findLast((m) => m.ask === undefined || !resumeAsks.has(m.ask))
	const checkpoint = last && checkpointOf(last)
	return checkpoint?.reason === "beforeRestore" ? checkpoint.restore : undefined
}

/**
 * Whether the task had finished: its last message is a completion (ask or say), not counting
 * the checkpoint rows of restores made since (restoring files does not reopen a finished task)
 * nor asides (a condense, a todo edit).
 */
export function endedWithCompletion(messages: readonly ClineMessage[]): boolean {
	const last = messages.findLast((m) => m.say !== "checkpoint_saved" && !isAside(m))
	return last?.ask === "completion_result" || last?.say === "completion_result"
}
