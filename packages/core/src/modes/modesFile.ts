import { customModeSchema, maxModesFileLength, type CustomMode, type ModesFileProblem } from "@cairn/types"
import { linearRegexProblem } from "../regex/linearRegex.js"
import YAML from "yaml"
import { issueProblems, modesProblem } from "./modesFileProblems.js"

/** More modes than anyone picks from; a generated file with thousands is refused past this. */
export const maxModesPerFile = 100

/** What a modes file holds: its valid modes in order, and why any were left out. */
export interface ModesFileContent {
	modes: CustomMode[]
	problems: ModesFileProblem[]
}

export interface ModesFileRules {
	/** Slugs the file may not define (a workspace may not replace a built-in mode). */
	reserved?: (slug: string) => boolean
	/** Brings another tool's mode into Cairn's shape before it is checked (see rooModes). */
	entryShape?: (entry: unknown) => unknown
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * Reads a modes file's text (`label` names it in problems): a mapping with a `customModes` list.
 * Each mode is checked on its own, so one bad mode is reported and skipped and the others load.
 * Text that is not YAML yields no modes.
 */
export function parseModesFile(text: string, label: string, rules: ModesFileRules = {}): ModesFileContent {
	if (text.length > maxModesFileLength)
		return { modes: [], problems: [modesProblem(label, "file_too_large", { max: maxModesFileLength })] }
	const document = YAML.parseDocument(text, { uniqueKeys: true })
	const syntaxError = document.errors[0]
	if (syntaxError !== undefined) {
		const firstLine = syntaxError.message.split("\n")[0] ?? syntaxError.message
		return { modes: [], problems: [modesProblem(label, "not_yaml", { said: firstLine })] }
	}
	let root: unknown
	try {
		// Aliases are capped: a few lines must not expand into gigabytes ("billion laughs").
		root = document.toJS({ maxAliasCount: 100 })
	} catch (error) {
		const said = error instanceof Error ? error.message : String(error)
		return { modes: [], problems: [modesProblem(label, "unreadable", { said })] }
	}
	if (root === null || root === undefined) return { modes: [], problems: [] }
	if (!isObject(root)) return { modes: [], problems: [modesProblem(label, "not_mapping")] }
	const problems = Object.keys(root)
		.filter((key) => key !== "customModes")
		.map((key) => modesProblem(label, "unknown_top_field", { names: [key] }))
	const entries = root.customModes ?? []
	if (!Array.isArray(entries))
		return {
			modes: [],
			problems: [...problems, modesProblem(label, "modes_not_list", {}, "customModes")],
		}
	if (entries.length > maxModesPerFile)
		problems.push(modesProblem(label, "too_many_modes", { max: maxModesPerFile }, "customModes"))
	const modes: CustomMode[] = []
	const firstIndexOf = new Map<string, number>()
	entries.slice(0, maxModesPerFile).forEach((entry: unknown, index) => {
		const where = `customModes[${index}]`
		const parsed = customModeSchema.safeParse(
			rules.entryShape === undefined ? entry : rules.entryShape(entry),
		)
		if (!parsed.success) {
			problems.push(...issueProblems(label, where, entry, parsed.error))
			return
		}
		// The schema checks JavaScript's syntax; the pattern runs on RE2, which refuses a little more.
		const unrunnable = parsed.data.groups.flatMap((group, groupIndex) => {
			const said = group.restriction && linearRegexProblem(group.restriction.fileRegex)
			const field = `${where}.groups[${groupIndex}].fileRegex`
			return said === undefined ? [] : [modesProblem(label, "regex_unusable", { said }, field)]
		})
		if (unrunnable.length > 0) {
			problems.push(...unrunnable)
			return
		}
		const { slug } = parsed.data
		if (rules.reserved?.(slug) === true) {
			problems.push(modesProblem(label, "reserved_slug", { slug }, `${where}.slug`))
			return
		}
		const first = firstIndexOf.get(slug)
		if (first !== undefined) {
			problems.push(modesProblem(label, "duplicate_slug", { slug, first }, `${where}.slug`))
			return
		}
		firstIndexOf.set(slug, index)
		modes.push(parsed.data)
	})
	return { modes, problems }
}
