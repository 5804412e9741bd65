import { customModeSchema, maxModesFileLength, type CustomMode } from "@cairn/types"
import { linearRegexProblem } from "../regex/linearRegex.js"
import YAML from "yaml"
import type { z } from "zod"

/** More modes than anyone picks from; a generated file with thousands is refused past this. */
export const maxModesPerFile = 100

/** What a modes file holds: its valid modes in order, and one line per problem. */
export interface ModesFileContent {
	modes: CustomMode[]
	problems: string[]
}

export interface ModesFileRules {
	/** Slugs the file may not define, with why (a workspace may not replace a built-in mode). */
	reserved?: (slug: string) => string | undefined
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value)

/** `["groups", 2, "group"]` as `.groups[2].group`. */
function fieldPath(path: readonly PropertyKey[]): string {
	return path.map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`)).join("")
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
	let at = value
	for (const key of path)
		at = isObject(at) || Array.isArray(at) ? (at as Record<PropertyKey, unknown>)[key] : undefined
	return at
}

/** One line per issue, naming the field as the file spells it. */
function issueLines(where: string, entry: unknown, error: z.ZodError): string[] {
	return error.issues.map((issue) => {
		if (issue.code === "unrecognized_keys")
			return `${where}${fieldPath(issue.path)}: unknown field ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}`
		const missing = issue.code === "invalid_type" && valueAt(entry, issue.path) === undefined
		return `${where}${fieldPath(issue.path)}: ${missing ? "is required" : issue.message}`
	})
}

/**
 * Reads a modes file's text (`label` names it in problems): a mapping with a `customModes` list.
 * Each mode is checked on its own, so one bad mode is reported and skipped and the others load.
 * Text that is not YAML yields no modes.
 */
export function parseModesFile(text: string, label: string, rules: ModesFileRules = {}): ModesFileContent {
	if (text.length > maxModesFileLength)
		return { modes: [], problems: [`${label}: the file is larger than ${maxModesFileLength} characters`] }
	const document = YAML.parseDocument(text, { uniqueKeys: true })
	const syntaxError = document.errors[0]
	if (syntaxError !== undefined) {
		const firstLine = syntaxError.message.split("\n")[0] ?? syntaxError.message
		return { modes: [], problems: [`${label}: not valid YAML: ${firstLine}`] }
	}
	let root: unknown
	try {
		// Aliases are capped: a few lines must not expand into gigabytes ("billion laughs").
		root = document.toJS({ maxAliasCount: 100 })
	} catch (error) {
		return {
			modes: [],
			problems: [`${label}: ${error instanceof Error ? error.message : String(error)}`],
		}
	}
	if (root === null || root === undefined) return { modes: [], problems: [] }
	if (!isObject(root))
		return { modes: [], problems: [`${label}: expected a mapping with a customModes list`] }
	const problems = Object.keys(root)
		.filter((key) => key !== "customModes")
		.map((key) => `${label}: unknown field ${JSON.stringify(key)} (a modes file holds customModes)`)
	const entries = root.customModes ?? []
	if (!Array.isArray(entries))
		return { modes: [], problems: [...problems, `${label}: customModes: expected a list of modes`] }
	if (entries.length > maxModesPerFile)
		problems.push(`${label}: customModes: more than ${maxModesPerFile} modes; the rest are ignored`)
	const modes: CustomMode[] = []
	const firstIndexOf = new Map<string, number>()
	entries.slice(0, maxModesPerFile).forEach((entry: unknown, index) => {
		const where = `${label}: customModes[${index}]`
		const parsed = customModeSchema.safeParse(entry)
		if (!parsed.success) {
			problems.push(...issueLines(where, entry, parsed.error))
			return
		}
		// The schema checks JavaScript's syntax; the pattern runs on RE2, which refuses a little more.
		const unrunnable = parsed.data.groups.flatMap((group, groupIndex) => {
			const problem = group.restriction && linearRegexProblem(group.restriction.fileRegex)
			return problem === undefined ? [] : [`${where}.groups[${groupIndex}].fileRegex: ${problem}`]
		})
		if (unrunnable.length > 0) {
			problems.push(...unrunnable)
			return
		}
		const { slug } = parsed.data
		const reserved = rules.reserved?.(slug)
		if (reserved !== undefined) {
			problems.push(`${where}.slug: ${reserved}`)
			return
		}
		const first = firstIndexOf.get(slug)
		if (first !== undefined) {
			problems.push(`${where}.slug: "${slug}" is already defined by customModes[${first}]`)
			return
		}
		firstIndexOf.set(slug, index)
		modes.push(parsed.data)
	})
	return { modes, problems }
}
