import type { CommandFileIssue } from "@cairn/types"
import YAML from "yaml"
import { z } from "zod"
import { commandFileIssue } from "./commandFileProblems.js"

/** Far above any prompt a person writes; a generated or binary file is refused past this. */
export const maxCommandFileLength = 100_000

/** What a command file says: the prompt (its body) and what the menu shows about it. */
export interface CommandFileContent {
	description: string
	argumentHint?: string
	body: string
}

const frontMatterSchema = z
	.object({
		description: z.string().trim().max(300).optional(),
		"argument-hint": z.string().trim().max(200).optional(),
		/** The same as argument-hint, for people who write YAML keys with underscores. */
		argument_hint: z.string().trim().max(200).optional(),
	})
	.strict()

/**
 * Splits `---` front matter from the body. A file that does not open with a `---` line has no
 * front matter: all of it is the prompt.
 */
function split(text: string): { yaml?: string; body: string } | { problem: CommandFileIssue } {
	const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/)
	if (lines[0]?.trim() !== "---") return { body: lines.join("\n") }
	const end = lines.findIndex((line, index) => index > 0 && line.trim() === "---")
	if (end === -1) return { problem: commandFileIssue("front_matter_unclosed") }
	return { yaml: lines.slice(1, end).join("\n"), body: lines.slice(end + 1).join("\n") }
}

function frontMatter(yaml: string): { fields: unknown } | { problem: CommandFileIssue } {
	const document = YAML.parseDocument(yaml, { uniqueKeys: true })
	const syntaxError = document.errors[0]
	if (syntaxError !== undefined)
		return {
			problem: commandFileIssue("front_matter_not_yaml", {
				said: syntaxError.message.split("\n")[0] ?? "",
			}),
		}
	// Aliases are capped: a few lines must not expand into gigabytes.
	let fields: unknown
	try {
		fields = document.toJS({ maxAliasCount: 20 })
	} catch (error) {
		const said = error instanceof Error ? error.message : String(error)
		return { problem: commandFileIssue("front_matter_unusable", { said }) }
	}
	if (fields === null || fields === undefined) return { fields: {} }
	if (typeof fields !== "object" || Array.isArray(fields))
		return { problem: commandFileIssue("front_matter_not_mapping") }
	return { fields }
}

/** The first issue, naming the field as the file spells it (`argument-hint`). */
function issueOf(error: z.ZodError): CommandFileIssue {
	const issue = error.issues[0]
	if (issue?.code === "unrecognized_keys") return commandFileIssue("unknown_field", { names: issue.keys })
	const field = issue?.path.map(String).join(".") ?? ""
	if (issue?.code === "too_big") return commandFileIssue("too_long", { field, max: Number(issue.maximum) })
	return commandFileIssue("field_invalid", { field, said: issue?.message ?? "" })
}

/**
 * Reads a command file's text: its content, or the one thing wrong with it. Another tool's file
 * (`otherTool`) may carry front matter of its own (Claude Code's `allowed-tools` and `model`,
 * Roo's `mode`): Cairn leaves those out rather than refusing the file; its approvals still apply.
 */
export function parseCommandFile(
	text: string,
	options: { otherTool?: boolean } = {},
): CommandFileContent | { problem: CommandFileIssue } {
	if (text.length > maxCommandFileLength)
		return { problem: commandFileIssue("too_large", { max: maxCommandFileLength }) }
	const parts = split(text)
	if ("problem" in parts) return parts
	const read = parts.yaml === undefined ? { fields: {} } : frontMatter(parts.yaml)
	if ("problem" in read) return read
	const parsed = frontMatterSchema.safeParse(
		options.otherTool === true ? knownFieldsOf(read.fields as Record<string, unknown>) : read.fields,
	)
	if (!parsed.success) return { problem: issueOf(parsed.error) }
	const { description, "argument-hint": hyphenated, argument_hint: underscored } = parsed.data
	if (hyphenated !== undefined && underscored !== undefined)
		return { problem: commandFileIssue("hint_twice") }
	const body = parts.body.trim()
	if (body === "") return { problem: commandFileIssue("no_prompt") }
	const argumentHint = hyphenated ?? underscored
	return {
		description: description ?? "",
		...(argumentHint !== undefined && argumentHint !== "" && { argumentHint }),
		body,
	}
}

function knownFieldsOf(fields: Record<string, unknown>): Record<string, unknown> {
	const known = frontMatterSchema.keyof().options as readonly string[]
	return Object.fromEntries(Object.entries(fields).filter(([key]) => known.includes(key)))
}
