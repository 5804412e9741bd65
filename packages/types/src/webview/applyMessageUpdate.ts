import type { ClineMessage } from "../message/clineMessage.js"

/**
 * The client side of `messageUpdated`: replace the message with the same `ts`, else insert it
 * in `ts` order. Returns a new array (React and stores compare by identity). Updates almost
 * always touch the end of the transcript, so the search starts there.
 */
export function applyMessageUpdate(messages: readonly ClineMessage[], message: ClineMessage): ClineMessage[] {
	for (let i = messages.length - 1; i >= 0; i--) {
		const current = messages[i]
		if (current === undefined) continue
		if (current.ts === message.ts) {
			const next = messages.slice()
			next[i] = message
			return next
		}
		if (current.ts < message.ts) {
			const next = messages.slice()
			next.splice(i + 1, 0, message)
			return next
		}
	}
	return [message, ...messages]
}

/** Whether a delta with `seq` follows `lastSeq` directly; a gap means one was missed. */
export function isNextSeq(lastSeq: number, seq: number): boolean {
	return seq === lastSeq + 1
}
