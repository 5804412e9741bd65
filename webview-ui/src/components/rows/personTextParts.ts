/** A piece of what the person wrote: their own words, or a fenced block of code they brought. */
export type PersonTextPart =
	{ kind: "words"; text: string } | { kind: "code"; code: string; language?: string }

// A fence opens at the start of a line with three or more backticks or tildes and an optional
// language, and closes with the same run on a line of its own. An unclosed fence stays words.
const fencedBlock = /^(`{3,}|~{3,})[ \t]*([^\s`]*)[^\n`]*\n([\s\S]*?)\n?^\1[ \t]*$/gm

/** Lines that only end or start a block are part of the block's frame, not of the words. */
function words(text: string): PersonTextPart[] {
	const trimmed = text.replace(/^\n+|\n+$/g, "")
	return trimmed.trim() === "" ? [] : [{ kind: "words", text: trimmed }]
}

/**
 * Splits the person's message into words and code blocks, so code (an editor action's
 * selection, a pasted snippet) shows as code and not as backticks. The words are kept as typed:
 * the person's message is not read as markdown beyond its fences.
 */
export function personTextParts(text: string): PersonTextPart[] {
	const parts: PersonTextPart[] = []
	let at = 0
	for (const match of text.matchAll(fencedBlock)) {
		parts.push(...words(text.slice(at, match.index)))
		const language = match[2]
		parts.push({ kind: "code", code: match[3] ?? "", ...(language && { language }) })
		at = match.index + match[0].length
	}
	parts.push(...words(text.slice(at)))
	return parts
}
