import { clineApiReqInfoSchema, safeParseJson, type ClineMessage } from "@cairn/types"

const resumeAsks = new Set(["resume_task", "resume_completed_task"])

/**
 * A transcript read back from disk, made ready to show again: resume asks left by an earlier
 * session are dropped (a fresh one follows), and a request that was streaming when the process
 * died is marked as stopped, so no client shows it as streaming forever. `changed` lists the
 * messages to journal again.
 */
export function prepareReloadedTranscript(saved: readonly ClineMessage[]): {
	messages: ClineMessage[]
	changed: ClineMessage[]
} {
	const messages = [...saved]
	while (messages.length > 0 && resumeAsks.has(messages.at(-1)?.ask ?? "")) messages.pop()
	const changed: ClineMessage[] = []
	for (let i = 0; i < messages.length; i++) {
		const message = messages[i]
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

/** Whether the task had finished: its last message is a completion (ask or say). */
export function endedWithCompletion(messages: readonly ClineMessage[]): boolean {
	const last = messages.at(-1)
	return last?.ask === "completion_result" || last?.say === "completion_result"
}
