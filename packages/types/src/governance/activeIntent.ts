import type { ClineMessage } from "../message/clineMessage.js"
import { clineSayHookSchema } from "../message/hookRow.js"
import { safeParseJson } from "../parse.js"

export interface ActiveIntent {
	id: string
	name?: string
}

/**
 * The intent a task works under, read from its transcript: the newest `hook` row that selected
 * an intent or ended one decides. The task header shows it and a resumed task continues with
 * it, so both read it the same way.
 */
export function activeIntentOf(messages: readonly ClineMessage[]): ActiveIntent | undefined {
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]
		if (message?.type !== "say" || message.say !== "hook") continue
		const row = safeParseJson(clineSayHookSchema, message.text)
		if (!row.success) continue
		if (row.data.kind === "intentEnded") return undefined
		if (row.data.kind === "context" && row.data.intentId !== undefined)
			return {
				id: row.data.intentId,
				...(row.data.intentName !== undefined && { name: row.data.intentName }),
			}
	}
	return undefined
}
