import {
	applyMessageUpdate,
	maxLoadedMessages,
	messagePageSize,
	type ClineMessage,
	type ExtensionMessageOf,
} from "@cairn/types"

/** The loaded run of a task's messages and where it sits in the task. */
export interface MessageWindow {
	messages: ClineMessage[]
	/** Messages of the task before the window. */
	olderMessages: number
	/** The task goes on after the window (it was scrolled away from the end). */
	hasNewer: boolean
}

/** Drops the oldest messages past the cap; only a page past it, so live output does not shift the list per delta. */
function trimOldest(window: MessageWindow): MessageWindow {
	if (window.messages.length <= maxLoadedMessages + messagePageSize) return window
	const dropped = window.messages.length - maxLoadedMessages
	return {
		...window,
		messages: window.messages.slice(dropped),
		olderMessages: window.olderMessages + dropped,
	}
}

function trimNewest(window: MessageWindow): MessageWindow {
	if (window.messages.length <= maxLoadedMessages) return window
	return { ...window, messages: window.messages.slice(0, maxLoadedMessages), hasNewer: true }
}

/**
 * A delta applied to the window. A message outside it (an update of a row not loaded, or new
 * output while the window shows older pages) leaves the window as it is: the host's summary
 * already carries what it changed, and the row is fetched with its page.
 */
export function upsertInWindow(window: MessageWindow, message: ClineMessage): MessageWindow {
	const first = window.messages[0]
	const last = window.messages.at(-1)
	if (window.olderMessages > 0 && first !== undefined && message.ts < first.ts) return window
	if (window.hasNewer && last !== undefined && message.ts > last.ts) return window
	return trimOldest({ ...window, messages: applyMessageUpdate(window.messages, message) })
}

/**
 * The newest messages after a delta: a row older than all of them changes no button, and a
 * page past twice the page size is cut back, so what is kept stays small.
 */
export function upsertLatest(latest: ClineMessage[], message: ClineMessage): ClineMessage[] {
	const first = latest[0]
	if (first !== undefined && message.ts < first.ts) return latest
	const next = applyMessageUpdate(latest, message)
	return next.length > 2 * messagePageSize ? next.slice(-messagePageSize) : next
}

/**
 * A page the host sent, joined to the window it was asked from; undefined when the window has
 * moved since (the answer is stale). "around" replaces the window (a jump to a search result).
 */
export function withPage(
	window: MessageWindow,
	page: Pick<ExtensionMessageOf<"messagePage">, "anchor" | "messages" | "olderMessages" | "newerMessages">,
): MessageWindow | undefined {
	const { anchor } = page
	switch (anchor.kind) {
		case "before": {
			if (window.messages[0]?.ts !== anchor.ts) return undefined
			const older = page.messages.filter((m) => m.ts < anchor.ts)
			return trimNewest({
				...window,
				messages: [...older, ...window.messages],
				olderMessages: page.olderMessages,
			})
		}
		case "after": {
			if (window.messages.at(-1)?.ts !== anchor.ts) return undefined
			const newer = page.messages.filter((m) => m.ts > anchor.ts)
			const joined = { messages: [...window.messages, ...newer], olderMessages: window.olderMessages }
			const dropped = Math.max(0, joined.messages.length - maxLoadedMessages)
			return {
				messages: joined.messages.slice(dropped),
				olderMessages: joined.olderMessages + dropped,
				hasNewer: page.newerMessages > 0,
			}
		}
		case "around":
			return {
				messages: page.messages,
				olderMessages: page.olderMessages,
				hasNewer: page.newerMessages > 0,
			}
	}
}
