import { homedir } from "node:os"

/**
 * What a word of a command line becomes once the shell has expanded it, as far as can be known
 * before it runs:
 * - `literal`: exactly this text (quotes and escapes removed);
 * - `pattern`: a glob or brace pattern, expanded against the file system when it runs;
 * - `dynamic`: depends on a variable or a command's output.
 * `source` is the word as written, for messages.
 */
export type WordValue =
	| { kind: "literal"; text: string; source: string }
	| { kind: "pattern"; text: string; source: string }
	| { kind: "dynamic"; source: string }

/** Characters that make an unquoted word a pattern; `{` only counts with `,` or `..` (brace expansion). */
const globCharacters = /[*?[]/
const braceExpansion = /\{[^}]*(,|\.\.)[^}]*\}/

/** Characters tree-sitter should have split out of a bare word; one left inside means a misparse. */
const activeInWord = /[`$;&|<>()]/

/**
 * A bare (unquoted) word: backslash escapes removed. Returns undefined when the word still holds
 * an unescaped character the shell would act on, which the grammar should have parsed apart.
 */
export function bareWord(raw: string): { text: string; pattern: boolean } | undefined {
	let text = ""
	let pattern = false
	let unquotedRun = ""
	for (let i = 0; i < raw.length; i++) {
		const char = raw[i] as string
		if (char === "\\") {
			const next = raw[i + 1]
			i++
			// A backslash before a newline joins lines; before anything else it quotes that character.
			if (next !== undefined && next !== "\n") text += next
			unquotedRun += "_"
			continue
		}
		if (activeInWord.test(char)) return undefined
		text += char
		unquotedRun += char
	}
	if (globCharacters.test(unquotedRun) || braceExpansion.test(unquotedRun)) pattern = true
	return { text, pattern }
}

/** Text inside double quotes: only `\` before `$`, `` ` ``, `"`, `\` or a newline is an escape. */
export function doubleQuotedText(raw: string): string | undefined {
	let text = ""
	for (let i = 0; i < raw.length; i++) {
		const char = raw[i] as string
		if (char === "\\") {
			const next = raw[i + 1]
			if (next !== undefined && "$`\"\\\n".includes(next)) {
				if (next !== "\n") text += next
				i++
				continue
			}
			text += char
			continue
		}
		// An expansion or substitution the grammar did not parse apart: not understood.
		if (char === "`" || (char === "$" && /[A-Za-z_{(0-9@*#?$!-]/.test(raw[i + 1] ?? ""))) return undefined
		text += char
	}
	return text
}

const cEscapes: Record<string, string> = {
	a: "\x07",
	b: "\b",
	e: "\x1b",
	E: "\x1b",
	f: "\f",
	n: "\n",
	r: "\r",
	t: "\t",
	v: "\v",
	"\\": "\\",
	"'": "'",
	'"': '"',
	"?": "?",
}

/** The value of `$'...'`: the program receives these bytes as one argument, whatever they are. */
export function ansiCText(raw: string): string | undefined {
	const body = raw.slice(2, -1)
	let text = ""
	for (let i = 0; i < body.length; i++) {
		const char = body[i] as string
		if (char !== "\\") {
			text += char
			continue
		}
		const next = body[i + 1]
		if (next === undefined) return undefined
		const simple = cEscapes[next]
		if (simple !== undefined) {
			text += simple
			i++
			continue
		}
		const numeric = /^(x[0-9A-Fa-f]{1,2}|[0-7]{1,3}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8})/.exec(
			body.slice(i + 1),
		)
		if (numeric === null) return undefined
		const digits = numeric[0]
		const code = /^[0-7]/.test(digits) ? parseInt(digits, 8) : parseInt(digits.slice(1), 16)
		text += String.fromCodePoint(code)
		i += digits.length
	}
	return text
}

/** `~` and `~/…` at the start of an unquoted word name the home folder; `~user` is not resolved. */
export function expandTilde(text: string): string | undefined {
	if (!text.startsWith("~")) return text
	if (text === "~" || text.startsWith("~/")) return homedir() + text.slice(1)
	return undefined
}
