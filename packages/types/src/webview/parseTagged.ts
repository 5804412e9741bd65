import type { z } from "zod"
import { safeParse, type ParseResult } from "../parse.js"

/** Reads `type` defensively: the input may be any value, including a proxy that throws. */
function readType(input: unknown): ParseResult<string> {
	try {
		if (typeof input !== "object" || input === null || Array.isArray(input)) {
			return { success: false, error: "a message must be a JSON object" }
		}
		const type: unknown = (input as { type?: unknown }).type
		if (typeof type !== "string") return { success: false, error: "a message needs a string `type`" }
		return { success: true, data: type }
	} catch {
		return { success: false, error: "unreadable message" }
	}
}

/**
 * Parses a message of a union tagged by `type`. An unknown `type` is named as such rather
 * than buried in a union error, and a known one gets the errors of its own payload only.
 */
export function parseTagged<S extends z.ZodType>(
	schema: S,
	knownTypes: readonly string[],
	input: unknown,
): ParseResult<z.output<S>> {
	const kind = readType(input)
	if (!kind.success) return kind
	if (!knownTypes.includes(kind.data)) {
		return { success: false, error: `unknown message type ${JSON.stringify(kind.data.slice(0, 100))}` }
	}
	const parsed = safeParse(schema, input)
	return parsed.success ? parsed : { success: false, error: `${kind.data}: ${parsed.error}` }
}
