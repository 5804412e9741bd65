import type { ApiMessage, TextBlock } from "../providers/apiMessage.js"

/**
 * What of the full conversation the model is sent. The API history keeps every message (on disk
 * and for the chat); the view only says where the model's copy resumes after the first message:
 * `keepFrom` is the index of an assistant message, so no tool_result ever loses its tool_use.
 * Whatever lies between the first message and `keepFrom` reaches the model only as `summary`,
 * and `omitted` counts the messages after the summary's end that were dropped without one.
 */
export interface ContextView {
	keepFrom: number
	summary?: string
	omitted: number
}

export const fullView: ContextView = { keepFrom: 1, omitted: 0 }

export function isFullView(view: ContextView): boolean {
	return view.keepFrom <= 1 && view.summary === undefined
}

function summaryText(view: ContextView): string {
	const parts = ["<conversation_summary>"]
	if (view.summary !== undefined) {
		parts.push(
			"The conversation between the task above and the messages below was condensed to fit the context window. This summary replaces it:",
			view.summary.trim(),
		)
	}
	if (view.omitted > 0) {
		parts.push(
			`${view.omitted} older message${view.omitted === 1 ? " was" : "s were"} removed to fit the context window${view.summary === undefined ? "" : " after the point this summary covers"}. Read files again rather than relying on what they said.`,
		)
	}
	parts.push("</conversation_summary>")
	return parts.join("\n")
}

// One block per view: the view is rebuilt after every change to the history, and a block that
// stays the same object is counted once (the token counter caches per block).
const summaryBlocks = new WeakMap<ContextView, TextBlock>()

function summaryBlock(view: ContextView): TextBlock {
	let block = summaryBlocks.get(view)
	if (block === undefined) {
		block = { type: "text", text: summaryText(view) }
		summaryBlocks.set(view, block)
	}
	return block
}

/**
 * The messages the model is sent under `view`: the first message (the task) with the summary
 * appended, then the messages from `keepFrom` on. Roles still alternate, since `keepFrom` is an
 * assistant message and the first message is the user's.
 */
export function viewMessages(all: readonly ApiMessage[], view: ContextView): readonly ApiMessage[] {
	const first = all[0]
	if (first === undefined || isFullView(view) || first.role !== "user") return all
	const keepFrom = Math.min(view.keepFrom, all.length)
	return [{ ...first, content: [...first.content, summaryBlock(view)] }, ...all.slice(keepFrom)]
}

/** Whether `keepFrom` may start a view of `all`: an assistant message after the first one. */
export function isCutPoint(all: readonly ApiMessage[], keepFrom: number): boolean {
	return keepFrom >= 1 && all[keepFrom]?.role === "assistant"
}
