import { z } from "zod"
import type { ClineMessage } from "../message/clineMessage.js"
import { messagePageSize, messageTsSchema } from "./limits.js"

/**
 * Where a page of a task's messages sits: the messages just before `ts` (scrolling up), just
 * after it (scrolling back down), or around it (a search result, shown in its context).
 */
export const pageAnchorSchema = z.object({
	kind: z.enum(["before", "after", "around"]),
	ts: messageTsSchema,
})
export type PageAnchor = z.infer<typeof pageAnchorSchema>

/** A contiguous run of a task's messages and how many lie on either side of it. */
export interface MessagePage {
	messages: ClineMessage[]
	/** Messages of the task before the first one of the page. */
	olderMessages: number
	/** Messages of the task after the last one of the page. */
	newerMessages: number
}

/** Index of the first message whose ts is at least `ts` (messages are in ts order). */
function firstAtOrAfter(messages: readonly ClineMessage[], ts: number): number {
	let low = 0
	let high = messages.length
	while (low < high) {
		const mid = (low + high) >>> 1
		if ((messages[mid]?.ts ?? Infinity) < ts) low = mid + 1
		else high = mid
	}
	return low
}

function pageOf(messages: readonly ClineMessage[], start: number, end: number): MessagePage {
	return {
		messages: messages.slice(start, end),
		olderMessages: start,
		newerMessages: messages.length - end,
	}
}

/** The newest `size` messages: what a `state` snapshot carries. */
export function lastPage(messages: readonly ClineMessage[], size = messagePageSize): MessagePage {
	return pageOf(messages, Math.max(0, messages.length - size), messages.length)
}

/** The page `anchor` names; a ts the task does not hold still anchors by order. */
export function pageAt(
	messages: readonly ClineMessage[],
	anchor: PageAnchor,
	size = messagePageSize,
): MessagePage {
	const at = firstAtOrAfter(messages, anchor.ts)
	switch (anchor.kind) {
		case "before":
			return pageOf(messages, Math.max(0, at - size), at)
		case "after": {
			const start = messages[at]?.ts === anchor.ts ? at + 1 : at
			return pageOf(messages, start, Math.min(messages.length, start + size))
		}
		case "around": {
			const start = Math.max(0, Math.min(at - Math.floor(size / 2), messages.length - size))
			return pageOf(messages, start, Math.min(messages.length, start + size))
		}
	}
}
