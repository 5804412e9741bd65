/** The mention being typed: where its "@" stands and what follows it up to the caret. */
export interface TypedMention {
	start: number
	query: string
}

/** An "@" that starts a word (as the host's parser reads mentions), up to the caret, with no space between. */
const typedMentionPattern = /(?:^|[\s([{"'`])@((?:\\ |\S)*)$/

/** The mention the caret is in, if any. */
export function typedMentionAt(text: string, caret: number): TypedMention | undefined {
	const match = typedMentionPattern.exec(text.slice(0, caret))
	if (match === null) return undefined
	const query = match[1] ?? ""
	return { start: caret - query.length - 1, query }
}

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
