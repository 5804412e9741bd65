import type { ClineMessage } from "../message/clineMessage.js"

const contextNotices: ReadonlySet<string> = new Set([
	"condense_context",
	"condense_context_error",
	"sliding_window_truncation",
])

/**
 * A row reporting what context management did: a condense (also while it is written), one that
 * failed, a truncation. A person can condense a task that waits at an ask (a finished task, an
 * approval), so these rows can follow an ask that still waits; they change nothing about it.
 */
export function isContextNotice(message: ClineMessage): boolean {
	return message.type === "say" && message.say !== undefined && contextNotices.has(message.say)
}

/**
 * The newest message that says what the agent is doing: the last one, passing over context
 * notices after it. Every reading of "the current ask" goes through here, so a condense at a
 * finished task leaves it finished in every client. Only the few trailing notices are read.
 */
export function lastStateMessage(messages: readonly ClineMessage[]): ClineMessage | undefined {
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]
		if (message !== undefined && !isContextNotice(message)) return message
	}
	return undefined
}
