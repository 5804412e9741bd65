import type { z } from "zod"
import type { ModesFileProblem, ModesFileProblemKind } from "./modesFileProblem.js"

/** What an issue of the mode schema means, as a kind and its parameters. */
export interface ModeIssueMeaning {
	kind: ModesFileProblemKind
	params: ModesFileProblem["params"]
}

const isObject = (value: unknown): value is Record<PropertyKey, unknown> =>
	typeof value === "object" && value !== null

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
	let at = value
	for (const key of path) at = isObject(at) ? at[key] : undefined
	return at
}

/**
 * What an issue of `customModeSchema` on `entry` means, for a client to word: a modes file's
 * problem (the host) and the Modes form's (the webview) are read by this one rule.
 */
export function modeIssueMeaning(entry: unknown, issue: z.core.$ZodIssue): ModeIssueMeaning {
	if (issue.code === "custom" && isObject(issue.params) && typeof issue.params.kind === "string") {
		const { kind, ...params } = issue.params as {
			kind: ModesFileProblemKind
		} & ModesFileProblem["params"]
		return { kind, params }
	}
	const last = issue.path.at(-1)
	if (issue.code === "unrecognized_keys") return { kind: "unknown_field", params: { names: issue.keys } }
	if (issue.code === "invalid_type" && valueAt(entry, issue.path) === undefined)
		return { kind: "required", params: {} }
	if (issue.code === "invalid_value" && last === "group") {
		// A group written by its name alone ("shell") is checked as { group: "shell" }.
		const value = valueAt(entry, issue.path) ?? valueAt(entry, issue.path.slice(0, -1))
		return { kind: "unknown_group", params: { value: JSON.stringify(value) } }
	}
	if (last === "slug" && issue.code === "invalid_format") return { kind: "slug_format", params: {} }
	if (issue.code === "too_small" && issue.origin === "string") return { kind: "empty", params: {} }
	if (issue.code === "too_big" && issue.origin === "string")
		return { kind: "too_long", params: { max: Number(issue.maximum) } }
	return { kind: "invalid", params: { said: issue.message } }
}
