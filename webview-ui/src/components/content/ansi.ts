import Anser from "anser"

export interface AnsiSpan {
	text: string
	/** Class names for colour and decoration; colours map to the editor's terminal theme in CSS. */
	className: string
}

// The 16 colours a terminal theme defines. 256-colour and true-colour output falls back to the
// default colour: only the editor's theme decides colours, so every theme stays readable.
const themed = /^ansi-(bright-)?(black|red|green|yellow|blue|magenta|cyan|white)$/

/** Splits terminal output into styled spans. Never produces HTML: React renders the text. */
export function parseAnsi(text: string): AnsiSpan[] {
	const entries = Anser.ansiToJson(text, { json: true, remove_empty: true, use_classes: true })
	return entries.map((entry) => {
		const classes: string[] = []
		if (themed.test(entry.fg)) classes.push(`ansi-fg-${entry.fg.slice(5)}`)
		if (themed.test(entry.bg)) classes.push(`ansi-bg-${entry.bg.slice(5)}`)
		for (const decoration of entry.decorations) classes.push(`ansi-${decoration}`)
		return { text: entry.content, className: classes.join(" ") }
	})
}
