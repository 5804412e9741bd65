/** One value per non-empty line (arguments); surrounding spaces are kept out. */
export function linesOf(text: string): string[] {
	return text
		.split("\n")
		.map((line) => line.trim())
		.filter((line) => line !== "")
}

/**
 * `NAME=value` (environment) or `Name: value` (headers) lines as a map; the number of the first
 * line without the separator, or without a name before it, when there is one.
 */
export function pairsOf(
	text: string,
	separator: "=" | ":",
): { ok: true; pairs: Record<string, string> } | { ok: false; line: number } {
	const pairs: Record<string, string> = {}
	const lines = text.split("\n")
	for (const [index, line] of lines.entries()) {
		if (line.trim() === "") continue
		const at = line.indexOf(separator)
		const name = at < 0 ? "" : line.slice(0, at).trim()
		if (name === "") return { ok: false, line: index + 1 }
		pairs[name] = line.slice(at + 1).trim()
	}
	return { ok: true, pairs }
}
