const fenceLine = /^\s*(```|~~~)/

/**
 * Models sometimes wrap a whole file in a markdown code fence. Strip the outer pair only when
 * it really is one block: the first and last lines are fences and no other fence is inside
 * (else the first and last lines could close and open two different blocks of a markdown file).
 */
export function stripWholeFileFence(content: string): string {
	const lines = content.replace(/\s+$/, "").split("\n")
	if (lines.length < 2) return content
	const first = lines[0] ?? ""
	const last = lines.at(-1) ?? ""
	if (!/^\s*(```|~~~)[\w+#.-]*\s*$/.test(first) || !/^\s*(```|~~~)\s*$/.test(last)) return content
	const inner = lines.slice(1, -1)
	if (inner.some((line) => fenceLine.test(line))) return content
	const eol = content.includes("\r\n") ? "\r\n" : "\n"
	return `${inner.map((line) => line.replace(/\r$/, "")).join(eol)}${eol}`
}

const commentStart = String.raw`(?:\/\/|#|\/\*|<!--|--|;|\*)`
const elided = String.raw`(?:unchanged|the same|as before|remains?|stays?|omitted|here|goes here|not shown|truncated)`
// An ellipsis is written \u2026 (RegExp reads the escape): one character past Latin-1 in a bundle
// doubles the memory V8 keeps its source in.
const placeholderPatterns = [
	// "// rest of code unchanged", "# ... rest of the file remains the same"
	new RegExp(
		String.raw`^\s*${commentStart}\s*(?:\.{3}|\u2026)?\s*(?:the\s+)?rest of (?:the\s+)?(?:code|file|implementation|function|class|content|methods?|component)\b.*\b${elided}`,
		"i",
	),
	// "// ... existing code ...", "/* previous code remains */"
	new RegExp(
		String.raw`^\s*${commentStart}\s*(?:\.{3}|\u2026)\s*(?:existing|previous|remaining|other|original)\s+(?:code|content|methods|imports)\b`,
		"i",
	),
	new RegExp(
		String.raw`^\s*${commentStart}\s*(?:existing|previous|remaining|original)\s+(?:code|content|implementation)\s+${elided}`,
		"i",
	),
]

/**
 * A line that stands for code the model did not write out ("// rest of code unchanged"):
 * saving such content would delete that code. Lines already in the original are fine.
 */
export function findPlaceholder(content: string, original: string | undefined): string | undefined {
	const existing = new Set((original ?? "").split(/\r?\n/).map((line) => line.trim()))
	return content
		.split(/\r?\n/)
		.find(
			(line) => placeholderPatterns.some((pattern) => pattern.test(line)) && !existing.has(line.trim()),
		)
		?.trim()
}
