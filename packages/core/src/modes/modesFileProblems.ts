import {
	modeIssueMeaning,
	toolGroupNames,
	type ModesFileProblem,
	type ModesFileProblemKind as Kind,
} from "@cairn/types"
import type { z } from "zod"

type Params = ModesFileProblem["params"]

const quoted = (names: readonly string[] = []) => names.map((name) => JSON.stringify(name)).join(", ")

// The English of each kind, for logs and the CLI; the webview words kinds itself.
const english: Record<Kind, (params: Params) => string> = {
	file_too_large: (p) => `the file is larger than ${p.max} characters`,
	not_yaml: (p) => `not valid YAML: ${p.said}`,
	unreadable: (p) => `cannot be read (${p.said})`,
	not_mapping: () => "expected a mapping with a customModes list",
	unknown_top_field: (p) => `unknown field ${quoted(p.names)} (a modes file holds customModes)`,
	modes_not_list: () => "expected a list of modes",
	too_many_modes: (p) => `more than ${p.max} modes; the rest are ignored`,
	unknown_field: (p) => `unknown field ${quoted(p.names)}`,
	required: () => "is required",
	empty: () => "is empty",
	too_long: (p) => `is longer than ${p.max} characters`,
	slug_format: () => "a slug is lowercase letters, digits and single dashes, like docs-writer",
	unknown_group: (p) => `unknown group ${p.value}; expected one of ${toolGroupNames.join(", ")}`,
	group_twice: (p) => `group ${p.group} is listed twice`,
	description_needs_regex: () => "a description needs a fileRegex",
	regex_only_edit: (p) => `only the edit group takes a fileRegex, not ${p.group}`,
	regex_unusable: (p) => p.said ?? "cannot be used",
	reserved_slug: (p) =>
		`"${p.slug}" is a built-in mode, which a workspace may not replace; give the mode another slug, or add rules for ${p.slug} in .cairn/rules-${p.slug}/`,
	duplicate_slug: (p) => `"${p.slug}" is already defined by customModes[${p.first}]`,
	invalid: (p) => p.said ?? "is not valid",
}

/** The English of a problem's kind alone, without the file and the field. */
export const modesProblemSentence = (kind: Kind, params: Params): string => english[kind](params)

/** A problem of `file` (as problems name it), at `field` where known, with its English line. */
export function modesProblem(
	file: string,
	kind: Kind,
	params: Params = {},
	field?: string,
): ModesFileProblem {
	const where = field === undefined ? "" : `${field}: `
	return {
		file,
		...(field !== undefined && { field }),
		kind,
		params,
		text: `${file}: ${where}${english[kind](params)}`,
	}
}

/** `["groups", 2, "group"]` as `.groups[2].group`. */
function fieldPath(path: readonly PropertyKey[]): string {
	return path.map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`)).join("")
}

/** One problem per issue of the mode at `where` (e.g. `customModes[2]`), naming its field as the file spells it. */
export function issueProblems(
	file: string,
	where: string,
	entry: unknown,
	error: z.ZodError,
): ModesFileProblem[] {
	return error.issues.map((issue) => {
		const { kind, params } = modeIssueMeaning(entry, issue)
		return modesProblem(file, kind, params, `${where}${fieldPath(issue.path)}`)
	})
}
