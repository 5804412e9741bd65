import type { ApiMessage } from "./apiMessage.js"

/**
 * The caches of history messages' wire forms that providers keep between requests (the whole
 * history is sent at every turn; see openaiMessages.ts). They are keyed by the history's own
 * messages or their blocks, which the history keeps for the whole task, so a form would otherwise
 * live as long as the task even once its message is condensed away and never sent again.
 */
const caches: WeakMap<object, unknown>[] = []

/** A cache of wire forms, keyed by a message or a block, that `forgetWireForms` clears with the others. */
export function wireFormCache<K extends object, T>(): WeakMap<K, T> {
	const cache = new WeakMap<K, T>()
	caches.push(cache)
	return cache
}

/**
 * Drops the kept wire forms (and with them their kept encodings) of messages the model is no
 * longer sent. Should one be sent again (a view moved back), its form is made again.
 */
export function forgetWireForms(messages: Iterable<ApiMessage>): void {
	for (const message of messages)
		for (const cache of caches) {
			cache.delete(message)
			for (const block of message.content) cache.delete(block)
		}
}

/** Whether a kept form still stands for a message: messages only gain blocks, never change one. */
export function sameBlocks(a: readonly object[], b: readonly object[]): boolean {
	return a.length === b.length && a.every((block, i) => block === b[i])
}
