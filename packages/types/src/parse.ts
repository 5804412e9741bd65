import type { z } from "zod"

/** The result of reading untrusted input: a typed value or a precise, readable error. */
export type ParseResult<T> = { success: true; data: T } | { success: false; error: string }

const maxIssuesShown = 5

function describeIssues(error: z.ZodError): string {
	const shown = error.issues.slice(0, maxIssuesShown).map((issue) => {
		const where = issue.path.length > 0 ? issue.path.map(String).join(".") : "(root)"
		return `${where}: ${issue.message}`
	})
	const more = error.issues.length - shown.length
	return more > 0 ? `${shown.join("; ")}; and ${more} more` : shown.join("; ")
}

/**
 * Validates `input` against `schema` without ever throwing: hostile input (a proxy whose
 * getters throw, a cyclic object) becomes an error value like any other bad input.
 */
export function safeParse<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
	try {
		const result = schema.safeParse(input)
		return result.success
			? { success: true, data: result.data }
			: { success: false, error: describeIssues(result.error) }
	} catch (cause) {
		return { success: false, error: `unreadable input: ${errorText(cause)}` }
	}
}

/** Like `safeParse`, for JSON text (message `text` fields, NDJSON lines). */
export function safeParseJson<S extends z.ZodType>(
	schema: S,
	text: string | undefined,
): ParseResult<z.output<S>> {
	if (text === undefined || text === "") return { success: false, error: "no JSON text" }
	let value: unknown
	try {
		value = JSON.parse(text)
	} catch (cause) {
		return { success: false, error: `invalid JSON: ${errorText(cause)}` }
	}
	return safeParse(schema, value)
}

function errorText(cause: unknown): string {
	try {
		return cause instanceof Error ? cause.message : String(cause)
	} catch {
		return "unknown error"
	}
}
