import type { ApiMessage, TextBlock } from "../providers/apiMessage.js"

const opening = "<environment_details>\n"
const closing = "\n</environment_details>"
/** The body of a state section that has nothing in it (no open files, no problems, no todo list). */
const none = "(none)"

/**
 * One section of the environment details: a `# Heading` line, then its lines. A state section
 * (time, mode, open files, problems, todo list) is sent again only when it differs from what the
 * model last saw; an event section (files changed, the workspace listing) is sent whenever given.
 */
export interface EnvironmentSection {
	text: string
	state: boolean
	/** The part of a state section's text whose change is news (the whole text when absent). */
	news?: (text: string) => string
}

/** A state section: `lines` empty stands for "(none)". */
export function stateSection(heading: string, lines: readonly string[]): EnvironmentSection {
	return { text: `# ${heading}\n${lines.length > 0 ? lines.join("\n") : none}`, state: true }
}

export function eventSection(text: string): EnvironmentSection {
	return { text, state: false }
}

/**
 * The time, to the minute, sent again only once its hour differs from the one the model last saw:
 * a model wants the date and the time of day (a changelog entry, "this morning's" build), and a
 * block every minute of a long task would be ~100 bytes of history each, sent with every request.
 */
export function timeSection(now: Date): EnvironmentSection {
	return {
		text: `# Current time\n${now.toISOString().slice(0, 16)}Z`,
		state: true,
		news: (text) => /\d{4}-\d\d-\d\dT\d\d/.exec(text)?.[0] ?? text,
	}
}

/** A section's name: its heading without figures in parentheses ("# Todo list (1/2 done)": "Todo list"). */
function sectionName(text: string): string {
	const end = text.indexOf("\n")
	return (end === -1 ? text : text.slice(0, end)).replace(/^# /, "").replace(/ \(.*$/, "")
}

// Parsed once per block: the history keeps its blocks as the same objects from turn to turn.
const parsedBlocks = new WeakMap<TextBlock, readonly string[]>()

function sectionsOf(block: TextBlock): readonly string[] {
	let sections = parsedBlocks.get(block)
	if (sections === undefined) {
		const end = block.text.lastIndexOf(closing)
		const body = block.text.slice(opening.length, end === -1 ? undefined : end)
		sections = body.split(/\n\n(?=# )/).filter((part) => part.startsWith("# "))
		parsedBlocks.set(block, sections)
	}
	return sections
}

/**
 * What the model knows of each section: the latest text of it among the environment details of
 * `messages` (the messages it is sent, so a condensed or resumed conversation counts only what is
 * still in it), by section name.
 */
export function sectionsSeen(messages: readonly ApiMessage[]): Map<string, string> {
	const seen = new Map<string, string>()
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]
		if (message?.role !== "user") continue
		for (let b = message.content.length - 1; b >= 0; b--) {
			const block = message.content[b]
			if (block?.type !== "text" || !block.text.startsWith(opening)) continue
			for (const section of sectionsOf(block)) {
				const name = sectionName(section)
				if (!seen.has(name)) seen.set(name, section)
			}
		}
	}
	return seen
}

/**
 * The environment details block for a turn: every event section, and the state sections that
 * differ from what the model has seen (one it never saw counts as "(none)"). Undefined when there
 * is nothing to send. When the model has seen no details at all, the block says that later ones
 * carry only what changed.
 */
export function environmentBlock(
	sections: readonly EnvironmentSection[],
	seen: ReadonlyMap<string, string>,
): string | undefined {
	const sent = sections.filter((section) => {
		if (!section.state) return true
		const before = seen.get(sectionName(section.text))
		if (before === undefined) return !section.text.endsWith(`\n${none}`)
		const news = section.news ?? ((text: string) => text)
		return news(before) !== news(section.text)
	})
	if (sent.length === 0) return undefined
	const parts = sent.map((section) => section.text)
	if (seen.size === 0)
		parts.unshift("Later messages repeat a section of these details only when it changes.")
	return `${opening}${parts.join("\n\n")}${closing}`
}
