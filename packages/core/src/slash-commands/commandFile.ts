import YAML from "yaml"
import { z } from "zod"

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
		description: z.string().trim().max(300, "is longer than 300 characters").optional(),
		"argument-hint": z.string().trim().max(200, "is longer than 200 characters").optional(),
		/** The same as argument-hint, for people who write YAML keys with underscores. */
		argument_hint: z.string().trim().max(200, "is longer than 200 characters").optional(),
	})
	.strict()

const knownFields = "description and argument-hint"

/**
 * Splits `---` front matter from the body. A file that does not open with a `---` line has no
 * front matter: all of it is the prompt.
 */
function split(text: string): { yaml?: string; body: string } | { problem: string } {
	const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/)
	if (lines[0]?.trim() !== "---") return { body: lines.join("\n") }
	const end = lines.findIndex((line, index) => index > 0 && line.trim() === "---")
	if (end === -1) return { problem: "the front matter has no closing --- line" }
	return { yaml: lines.slice(1, end).join("\n"), body: lines.slice(end + 1).join("\n") }
}

function frontMatter(yaml: string): { fields: unknown } | { problem: string } {
	const document = YAML.parseDocument(yaml, { uniqueKeys: true })
	const syntaxError = document.errors[0]
	if (syntaxError !== undefined)
		return { problem: `the front matter is not valid YAML: ${syntaxError.message.split("\n")[0] ?? ""}` }
	// Aliases are capped: a few lines must not expand into gigabytes.
	let fields: unknown
	try {
		fields = document.toJS({ maxAliasCount: 20 })
	} catch (error) {
		return { problem: `the front matter: ${error instanceof Error ? error.message : String(error)}` }
	}
	if (fields === null || fields === undefined) return { fields: {} }
	if (typeof fields !== "object" || Array.isArray(fields))
		return { problem: `the front matter is not a mapping (it holds ${knownFields})` }
	return { fields }
}

/** The first issue as the file spells it: `argument-hint: expected string, received number`. */
function issueLine(error: z.ZodError): string {
	const issue = error.issues[0]
	if (issue === undefined) return "the front matter is not valid"
	if (issue.code === "unrecognized_keys")
		return `unknown field ${issue.keys.map((key) => JSON.stringify(key)).join(", ")} in the front matter (it holds ${knownFields})`
	return `${issue.path.map(String).join(".")}: ${issue.message}`
}

/** Reads a command file's text: its content, or the one thing wrong with it. */
export function parseCommandFile(text: string): CommandFileContent | { problem: string } {
	if (text.length > maxCommandFileLength)
		return { problem: `the file is larger than ${maxCommandFileLength} characters` }
	const parts = split(text)
	if ("problem" in parts) return parts
	const read = parts.yaml === undefined ? { fields: {} } : frontMatter(parts.yaml)
	if ("problem" in read) return read
	const parsed = frontMatterSchema.safeParse(read.fields)
	if (!parsed.success) return { problem: issueLine(parsed.error) }
	const { description, "argument-hint": hyphenated, argument_hint: underscored } = parsed.data
	if (hyphenated !== undefined && underscored !== undefined)
		return { problem: "argument-hint and argument_hint are the same field; keep one" }
	const body = parts.body.trim()
	if (body === "") return { problem: "the file has no prompt (the text after the front matter)" }
	const argumentHint = hyphenated ?? underscored
	return {
		description: description ?? "",
		...(argumentHint !== undefined && argumentHint !== "" && { argumentHint }),
		body,
	}
}
