/**
 * A mode's `fileRegex` comes from a file anyone may write (a cloned repository's
 * `.cairn/modes.yaml`) and is run on every path an edit tool touches, so it must compile and its
 * cost must stay bounded. JavaScript regular expressions backtrack: a repeated group around
 * another repetition or an alternation ("(a+)+", "(a|a)*") can take exponential time on a long
 * path. Such patterns, backreferences and long patterns are refused: file patterns never need them.
 */
export const maxFileRegexLength = 200

/** Why `pattern` may not be used as a mode's file pattern, or undefined when it may. */
export function fileRegexProblem(pattern: string): string | undefined {
	if (pattern.length === 0) return "is empty"
	if (pattern.length > maxFileRegexLength) return `is longer than ${maxFileRegexLength} characters`
	try {
		new RegExp(pattern)
	} catch (error) {
		return `is not a valid regular expression (${error instanceof Error ? error.message : String(error)})`
	}
	if (/\\[1-9]|\\k</.test(pattern))
		return "uses a backreference, which can take exponential time; remove it"
	if (repeatsRepetition(pattern))
		return 'repeats a group that itself repeats or alternates (like "(a+)+" or "(a|b)*"), which can take exponential time; simplify it'
	return undefined
}

/** A repeat quantifier at `index`: `*`, `+` or `{n,m}` (`?` repeats nothing). */
function repeatAt(pattern: string, index: number): boolean {
	const char = pattern[index]
	return char === "*" || char === "+" || (char === "{" && /^\{\d+(,\d*)?\}/.test(pattern.slice(index)))
}

/** Whether a repeated group contains a repetition or an alternation, at any depth. */
function repeatsRepetition(pattern: string): boolean {
	// For each open group: whether it contains a repetition or an alternation.
	const groups: boolean[] = []
	let index = 0
	while (index < pattern.length) {
		const char = pattern[index]
		if (char === "\\") {
			index += 2
			continue
		}
		if (char === "[") {
			index = classEnd(pattern, index)
			if (repeatAt(pattern, index) && groups.length > 0) groups[groups.length - 1] = true
			continue
		}
		if (char === "(") groups.push(false)
		else if (char === ")") {
			const risky = groups.pop() ?? false
			const repeated = repeatAt(pattern, index + 1)
			if (risky && repeated) return true
			if ((risky || repeated) && groups.length > 0) groups[groups.length - 1] = true
		} else if ((char === "|" || repeatAt(pattern, index)) && groups.length > 0)
			groups[groups.length - 1] = true
		index++
	}
	return false
}

/** The index just after the character class that opens at `start`. */
function classEnd(pattern: string, start: number): number {
	let index = start + 1
	if (pattern[index] === "^") index++
	if (pattern[index] === "]") index++
	while (index < pattern.length && pattern[index] !== "]") index += pattern[index] === "\\" ? 2 : 1
	return index + 1
}
