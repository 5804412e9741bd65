import type { CommandFileIssue, CommandFileProblem, CommandFileProblemKind as Kind } from "@cairn/types"

type Params = CommandFileIssue["params"]

const quoted = (names: readonly string[] = []) => names.map((name) => JSON.stringify(name)).join(", ")

// The English line of each kind, naming the file, for the CLI and logs; the webview words kinds
// itself. The reader's refusal (`unreadable`) already names the file and says why.
const english: Record<Kind, (file: string, params: Params) => string> = {
	too_many_files: (file, p) => `${file}: more than ${p.max} command files; the rest are ignored`,
	unreadable: (_file, p) => p.said ?? "",
	removed: (file) => `${file}: was removed while it was being read`,
	name_invalid: (file, p) =>
		`${file}: a command name is 1 to ${p.max} lowercase letters, digits, '-' and '_', starting with a letter or digit; rename the file`,
	built_in_name: (file, p) =>
		`${file}: /${p.name} is a built-in command, which a command file may not replace; rename the file`,
	too_large: (file, p) => `${file}: the file is larger than ${p.max} characters`,
	front_matter_unclosed: (file) => `${file}: the front matter has no closing --- line`,
	front_matter_not_yaml: (file, p) => `${file}: the front matter is not valid YAML: ${p.said}`,
	front_matter_unusable: (file, p) => `${file}: the front matter cannot be used: ${p.said}`,
	front_matter_not_mapping: (file) =>
		`${file}: the front matter is not a mapping (it holds description and argument-hint)`,
	unknown_field: (file, p) =>
		`${file}: unknown field ${quoted(p.names)} in the front matter (it holds description and argument-hint)`,
	too_long: (file, p) => `${file}: ${p.field} is longer than ${p.max} characters`,
	field_invalid: (file, p) => `${file}: ${p.field} is not valid: ${p.said}`,
	hint_twice: (file) => `${file}: argument-hint and argument_hint are the same field; keep one`,
	no_prompt: (file) => `${file}: the file has no prompt (the text after the front matter)`,
}

/** What is wrong with a command file's text, as its kind and parameters. */
export const commandFileIssue = (kind: Kind, params: Params = {}): CommandFileIssue => ({ kind, params })

/** A problem of `file` (as the menu names it), with its English line. */
export function commandFileProblem(file: string, { kind, params }: CommandFileIssue): CommandFileProblem {
	return { file, kind, params, text: english[kind](file, params) }
}
