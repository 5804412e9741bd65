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
 * A row that can follow an ask that still waits and changes nothing about it: a context notice,
 * or the person's edit of the todo list (made in the task header whenever they like).
 */
export function isAside(message: ClineMessage): boolean {
	return isContextNotice(message) || (message.type === "say" && message.say === "user_edit_todos")
}

/**
 * The newest message that says what the agent is doing: the last one, passing over the asides
 * after it. Every reading of "the current ask" goes through here, so a condense or a todo edit
 * at a finished task leaves it finished in every client. Only the few trailing asides are read.
 */
export function lastStateMessage(messages: readonly ClineMessage[]): ClineMessage | undefined {
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]
		if (message !== undefined && !isAside(message)) return message
	}
	return undefined
}
