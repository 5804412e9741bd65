/**
 * How much a model may put in one tool call. Every call is journaled (API history and the
 * transcript row) and sent back to the model on each later turn, and JSON.stringify recurses:
 * arguments nested thousands deep overflow the stack when saved or sent. No real tool needs
 * more than a few levels, and 1 MiB is far beyond what a model writes in one call (a whole
 * file's content included), while a journal line stays a few MiB at most with its echoes.
 */
export const toolArgumentLimits = { maxDepth: 64, maxBytes: 1024 * 1024 } as const

/** Why the raw arguments are over the limits, or undefined when they are within them. */
export function argumentsOverLimit(rawArguments: string): string | undefined {
	const bytes = Buffer.byteLength(rawArguments, "utf8")
	if (bytes > toolArgumentLimits.maxBytes)
		return `the arguments are too large (${bytes} bytes; at most ${toolArgumentLimits.maxBytes})`
	if (nestingDepth(rawArguments) > toolArgumentLimits.maxDepth)
		return `the arguments are nested too deeply (more than ${toolArgumentLimits.maxDepth} levels)`
	return undefined
}

/**
 * The deepest bracket nesting in JSON text, read without parsing (so without recursion);
 * brackets inside strings do not count. Broken JSON is measured as far as it goes.
 */
function nestingDepth(text: string): number {
	let depth = 0
	let deepest = 0
	let inString = false
	for (let i = 0; i < text.length; i++) {
		const char = text[i]
		if (inString) {
			if (char === "\\") i++
			else if (char === '"') inString = false
		} else if (char === '"') inString = true
		else if (char === "{" || char === "[") deepest = Math.max(deepest, ++depth)
		else if (char === "}" || char === "]") depth--
	}
	return deepest
}
