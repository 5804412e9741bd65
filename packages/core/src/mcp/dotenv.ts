// The `dotenv` package is not among Cairn's dependencies; this reads the format its parser
// documents (github.com/motdotla/dotenv#what-rules-does-the-parsing-engine-follow), which VS Code's
// and Cursor's `envFile` follow, and no more.

const line =
	/^\s*(?:export\s+)?([\w.-]+)\s*=[ \t]*("(?:\\"|[^"])*"|'[^']*'|`[^`]*`|[^\n#]*?)[ \t]*(?:#[^\n]*)?$/gm

/**
 * The variables of a dotenv file's text: `NAME=value` lines, `export ` allowed before the name,
 * `#` comments, values quoted with '', "" or `` (which may span lines; in "" `\n` is a newline),
 * an unquoted value trimmed and cut at ` #`. A later line wins. Nothing in a value is expanded.
 */
export function parseDotenv(text: string): Record<string, string> {
	const values: Record<string, string> = {}
	for (const match of text.replace(/\r\n?/g, "\n").matchAll(line)) {
		const name = match[1] as string
		const raw = (match[2] ?? "").trim()
		const quote = raw[0]
		const quoted =
			raw.length >= 2 && (quote === '"' || quote === "'" || quote === "`") && raw.at(-1) === quote
		const inner = quoted ? raw.slice(1, -1) : raw
		values[name] = quote === '"' && quoted ? inner.replace(/\\n/g, "\n").replace(/\\r/g, "\r") : inner
	}
	return values
}
