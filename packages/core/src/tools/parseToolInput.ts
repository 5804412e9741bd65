import type { z } from "zod"
import type { ToolDefinition } from "./toolDefinition.js"

export type ParsedToolInput<Params> = { ok: true; params: Params } | { ok: false; error: string }

function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
	const name = issue.path.map(String).join(".")
	if (name === "") return issue.message
	const missing = issue.code === "invalid_type" && valueAt(input, issue.path) === undefined
	return missing ? `Missing required parameter "${name}".` : `Parameter "${name}": ${issue.message}.`
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
	let value = input
	for (const key of path) {
		if (value === null || typeof value !== "object") return undefined
		value = (value as Record<PropertyKey, unknown>)[key]
	}
	return value
}

/**
 * Checks a model's arguments against the tool's schema. The error is written for the model:
 * every problem on its own line, which parameter, and what to do next.
 */
export function parseToolInput<Params>(
	tool: ToolDefinition<Params, string>,
	input: unknown,
): ParsedToolInput<Params> {
	const object = input === undefined || input === null ? {} : input
	if (typeof object !== "object" || Array.isArray(object))
		return {
			ok: false,
			error: `The arguments of ${tool.name} must be a JSON object. Call it again with an object.`,
		}
	const result = tool.params.safeParse(object)
	if (result.success) return { ok: true, params: result.data }
	const problems = result.error.issues.map((issue) => `- ${describeIssue(issue, object)}`)
	return {
		ok: false,
		error: `Invalid arguments for ${tool.name}:\n${problems.join("\n")}\nCall ${tool.name} again with corrected arguments.`,
	}
}
