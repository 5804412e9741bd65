/**
 * What the person can point at with `@` in a message:
 * `@/path/file`, `@/folder/`, `@problems`, `@terminal`, `@git-changes`, `@<commit hash>`,
 * `@http(s)://url`.
 */
export type Mention =
	| { kind: "file"; path: string }
	| { kind: "folder"; path: string }
	| { kind: "problems" }
	| { kind: "terminal" }
	| { kind: "gitChanges" }
	| { kind: "commit"; hash: string }
	| { kind: "url"; url: string }

const keywords = {
	problems: { kind: "problems" },
	terminal: { kind: "terminal" },
	"git-changes": { kind: "gitChanges" },
} as const satisfies Record<string, Mention>

/**
 * A mention starts a word (after a space, a line break or an opening bracket or quote, so an
 * e-mail address is not one) and runs to the next unescaped space. A path with spaces escapes
 * them: `@/my\ notes.md`.
 */
const mentionPattern = /(?<=^|[\s([{"'`])@((?:\\ |\S)+)/g
/** The same start, for a mention still being typed: from its "@" to the end of the text so far. */
const typedMentionPattern = /(?<=^|[\s([{"'`])@((?:\\ |\S)*)$/

/** Sentence punctuation after a mention ("see @/a.ts.") belongs to the sentence. */
const trailingPunctuation = /[.,;:!?)\]}"'`]+$/

const commitPattern = /^[0-9a-f]{7,40}$/i

/** Where a mention stands in a message: `text.slice(start, end)` is what was typed, "@" included. */
export interface MentionAt {
	mention: Mention
	start: number
	end: number
}

/** Every mention in `text` where it stands (for highlighting), repeats included. */
export function findMentions(text: string): MentionAt[] {
	const found: MentionAt[] = []
	for (const match of text.matchAll(mentionPattern)) {
		const raw = match[1] ?? ""
		const mention = mentionOf(raw)
		if (mention === undefined) continue
		const start = match.index
		found.push({ mention, start, end: start + 1 + typedLength(raw) })
	}
	return found
}

/** A mention being typed: where its "@" stands and what follows it up to the caret. */
export interface TypedMention {
	start: number
	query: string
}

/** The mention the caret is in (for a menu of suggestions), read by the same rule as sent text. */
export function typedMentionAt(text: string, caret: number): TypedMention | undefined {
	const match = typedMentionPattern.exec(text.slice(0, caret))
	if (match === null) return undefined
	return { start: match.index, query: match[1] ?? "" }
}

/** The mentions in `text`, in order, each once. */
export function parseMentions(text: string): Mention[] {
	const unique = new Map<string, Mention>()
	for (const { mention } of findMentions(text)) unique.set(mentionKey(mention), mention)
	return [...unique.values()]
}

const typedLength = (raw: string) => raw.replace(trailingPunctuation, "").length

function mentionOf(raw: string): Mention | undefined {
	if (/^https?:\/\//i.test(raw)) {
		const url = raw.replace(trailingPunctuation, "")
		return url.length > "https://".length ? { kind: "url", url } : undefined
	}
	if (raw.startsWith("/")) {
		const path = raw.replace(trailingPunctuation, "").replace(/\\ /g, " ")
		if (path.endsWith("/")) return { kind: "folder", path: path === "/" ? "/" : path }
		return path.length > 1 ? { kind: "file", path } : undefined
	}
	const word = raw.replace(trailingPunctuation, "")
	if (Object.hasOwn(keywords, word)) return keywords[word as keyof typeof keywords]
	if (commitPattern.test(word)) return { kind: "commit", hash: word.toLowerCase() }
	return undefined
}

/** One key per thing pointed at, so a mention repeated in a message is resolved once. */
export function mentionKey(mention: Mention): string {
	switch (mention.kind) {
		case "file":
		case "folder":
			return `${mention.kind}:${mention.path}`
		case "commit":
			return `commit:${mention.hash}`
		case "url":
			return `url:${mention.url}`
		default:
			return mention.kind
	}
}

/** How a mention is written in a message: what a menu inserts. */
export function mentionText(mention: Mention): string {
	switch (mention.kind) {
		case "file":
		case "folder":
			return `@${mention.path.replace(/ /g, "\\ ")}`
		case "commit":
			return `@${mention.hash}`
		case "url":
			return `@${mention.url}`
		case "gitChanges":
			return "@git-changes"
		default:
			return `@${mention.kind}`
	}
}
