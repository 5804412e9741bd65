/** How much of one mention's content reaches the model: enough to work with, not a context flood. */
export const mentionLimits = {
	/** A mentioned file's text. */
	fileChars: 100_000,
	/** A folder: entries listed, and small text files shown whole up to a total. */
	folderEntries: 200,
	folderFileChars: 16_000,
	folderTotalChars: 64_000,
	/** git status + diff, or one commit. */
	gitChars: 100_000,
	/** The active terminal's recent output. */
	terminalChars: 30_000,
	/** A fetched page, as Markdown. */
	urlChars: 100_000,
}

const escapeAttribute = (value: string) =>
	value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

/**
 * A tagged block the model reads with the person's message: `<tag name="value">body</tag>`.
 * The body is content as it is; a closing tag inside it is defused so a mentioned file cannot
 * end the block early and pass the rest off as something else.
 */
export function mentionBlock(tag: string, attributes: Record<string, string>, body: string): string {
	const attrs = Object.entries(attributes)
		.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
		.join("")
	const safeBody = body.replaceAll(`</${tag}>`, `<\\/${tag}>`)
	return `<${tag}${attrs}>\n${safeBody}\n</${tag}>`
}

/** A block saying why a mention could not be resolved, in place of its content. */
export function unresolvedBlock(tag: string, attributes: Record<string, string>, reason: string): string {
	return mentionBlock(tag, { ...attributes, error: "true" }, `[Could not be included: ${reason}]`)
}

/**
 * Whether a block is an unresolvedBlock: its opening tag ends with the error attribute, which
 * only unresolvedBlock puts last (a value's quotes are escaped, so no path can fake it).
 */
export function isUnresolvedBlock(block: string): boolean {
	const opening = block.slice(0, block.indexOf("\n"))
	return opening.endsWith(' error="true">')
}

/** Cuts `text` to `max` characters and says how much was left out. */
export function capped(text: string, max: number, unit = "characters"): string {
	if (text.length <= max) return text
	const cut = text.slice(0, max)
	const keptLines = cut.split("\n").length
	const totalLines = text.split("\n").length
	return (
		`${cut}\n[… cut: ${text.length - max} more ${unit} left out` +
		(totalLines > keptLines ? ` (about ${totalLines - keptLines} more lines)` : "") +
		"]"
	)
}
