// The `dotenv` package is not among Cairn's dependencies; this reads the format its parser
// documents (github.com/motdotla/dotenv#what-rules-does-the-parsing-engine-follow), which VS Code's
// and Cursor's `envFile` follow, and no more. One pass with no backtracking: the file comes from
// the repository, and a line built to make a regular expression backtrack would stall the host.

const validName = /^[\w.-]+$/

/** Where the quote opened just before `from` closes, or -1; in "" a backslash escapes the next character. */
function closingQuote(text: string, from: number, quote: string): number {
	if (quote !== '"') return text.indexOf(quote, from)
	for (let at = from; at < text.length; at++) {
		if (text[at] === "\\") at++
		else if (text[at] === '"') return at
	}
	return -1
}

const endOfLine = (text: string, from: number) => {
	const at = text.indexOf("\n", from)
	return at === -1 ? text.length : at
}

/**
 * The variables of a dotenv file's text: `NAME=value` lines, `export ` allowed before the name,
 * `#` comments, values quoted with '', "" or `` (which may span lines; in "" `\n` is a newline),
 * an unquoted value trimmed and cut at `#`. A later line wins. Nothing in a value is expanded.
 */
export function parseDotenv(input: string): Record<string, string> {
	const text = input.replace(/\r\n?/g, "\n")
	const values: Record<string, string> = {}
	let at = 0
	while (at < text.length) {
		const lineEnd = endOfLine(text, at)
		const next = lineEnd + 1
		const inLine = text.slice(at, lineEnd).indexOf("=")
		if (inLine === -1) {
			at = next
			continue
		}
		const equals = at + inLine
		const name = text
			.slice(at, equals)
			.trim()
			.replace(/^export\s+/, "")
		if (!validName.test(name)) {
			at = next
			continue
		}
		let start = equals + 1
		while (text[start] === " " || text[start] === "\t") start++
		const quote = text[start]
		if (quote === '"' || quote === "'" || quote === "`") {
			const close = closingQuote(text, start + 1, quote)
			if (close !== -1) {
				const inner = text.slice(start + 1, close)
				values[name] = quote === '"' ? inner.replace(/\\n/g, "\n").replace(/\\r/g, "\r") : inner
				at = endOfLine(text, close) + 1
				continue
			}
		}
		const raw = text.slice(start, lineEnd)
		const comment = raw.indexOf("#")
		values[name] = (comment === -1 ? raw : raw.slice(0, comment)).trim()
		at = next
	}
	return values
}
