import { safeParseJson } from "@cairn/types"
import { useMemo } from "react"

type Schema = Parameters<typeof safeParseJson>[0]

/**
 * Reads the JSON payload of a message's text with its schema, once per distinct text. A row
 * re-renders only when its message changed, so memoizing on the text is enough.
 */
export function usePayload<S extends Schema>(schema: S, text: string | undefined) {
	return useMemo(() => safeParseJson(schema, text), [schema, text])
}
