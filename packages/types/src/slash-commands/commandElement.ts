// How a custom command reaches the model: its prompt in a `<command>` element that names the
// command and its file. The core writes it; clients read it back to show the person's message
// as the command they gave rather than as the prompt it stands for.

const escapeAttribute = (value: string) =>
	value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;")
const unescapeAttribute = (value: string) =>
	value
		.replace(/&lt;/g, "<")
		.replace(/&quot;/g, '"')
		.replace(/&amp;/g, "&")

/** A command's prompt as the model receives it. */
export function commandElement(name: string, source: string, body: string): string {
	return `<command name="${name}" source="${escapeAttribute(source)}">\n${body}\n</command>`
}

/** A message that opens with a command element: the command, its prompt, and the text after it. */
export interface CommandMessage {
	name: string
	source: string
	body: string
	/** What follows the element; empty when nothing does. */
	after: string
}

/** Reads back a message that starts with a command element; undefined for any other text. */
export function parseCommandMessage(text: string): CommandMessage | undefined {
	const match =
		/^<command name="([a-z0-9][a-z0-9_-]*)" source="([^"]*)">\n([\s\S]*?)\n<\/command>(?:\n([\s\S]*))?$/.exec(
			text,
		)
	if (match === null) return undefined
	return {
		name: match[1] ?? "",
		source: unescapeAttribute(match[2] ?? ""),
		body: match[3] ?? "",
		after: match[4] ?? "",
	}
}
