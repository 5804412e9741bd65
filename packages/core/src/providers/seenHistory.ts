import type { ApiMessage } from "./apiMessage.js"
import { sameBlocks } from "./wireForms.js"

interface Seen<T> {
	message: ApiMessage
	blocks: readonly object[]
	value: T
}

/**
 * A history as it was last walked, with a value folded over its messages (a running count, where a
 * message's wire forms end). Each request walks the whole history again, and the history only grows
 * at its end between two requests, so the values are kept for the messages that are the same, with
 * the same blocks, at the same place, and folded again only from the first one that is not: a
 * comparison of references a message instead of a lookup in a WeakMap (the lookups were most of a
 * walk's cost at 2,000 messages).
 */
export class SeenHistory<T> {
	private readonly seen: Seen<T>[] = []

	/**
	 * The value of `history`'s last message (undefined when it has none), each message's being
	 * `next(message, the value of the message before it)`.
	 */
	fold(
		history: readonly ApiMessage[],
		next: (message: ApiMessage, before: T | undefined) => T,
	): T | undefined {
		const seen = this.seen
		let kept = 0
		while (kept < history.length && kept < seen.length) {
			const was = seen[kept] as Seen<T>
			const message = history[kept] as ApiMessage
			if (was.message !== message || !sameBlocks(was.blocks, message.content)) break
			kept++
		}
		seen.length = kept
		let value = seen[kept - 1]?.value
		for (let i = kept; i < history.length; i++) {
			const message = history[i] as ApiMessage
			value = next(message, value)
			// A copy: a message may gain blocks, or lose its last ones to a rewind, in place.
			seen.push({ message, blocks: [...message.content], value })
		}
		return value
	}
}
