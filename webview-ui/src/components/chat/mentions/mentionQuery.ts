import type { TypedMention } from "@cairn/types"

/** Replaces the typed mention (from its "@" to the caret) with `inserted`; the caret goes after it. */
export function replaceTypedMention(
	text: string,
	typed: TypedMention,
	caret: number,
	inserted: string,
): { text: string; caret: number } {
	const after = text.slice(caret)
	// A space is already there: no second one.
	const insertion = after.startsWith(" ") && inserted.endsWith(" ") ? inserted.slice(0, -1) : inserted
	return {
		text: text.slice(0, typed.start) + insertion + after,
		caret: typed.start + insertion.length + (insertion === inserted ? 0 : 1),
	}
}
