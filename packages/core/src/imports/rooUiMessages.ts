import { type ClineMessage, clineMessageSchema } from "@cairn/types"
import { z } from "zod"

// Roo's `ui_messages.json` is the chat as its view showed it: an array of rows shaped like
// Cairn's (ts, type, ask/say, text). Rows whose `text` is a JSON payload (tool asks, request
// rows) follow Roo's shapes, not Cairn's, so only the rows that are plain words come over; the
// model's side of everything is in the API history.

export const rooUiMessagesSchema = z.array(z.unknown())

/** Rows Cairn shows from their text alone. */
const plainSays = new Set(["text", "user_feedback", "completion_result", "reasoning", "error"])

/** A followup question's words from Roo's payload (`{ question, suggest }`), or the text as it is. */
function questionOf(text: string | undefined): string | undefined {
	try {
		const payload = JSON.parse(text ?? "") as { question?: unknown }
		return typeof payload.question === "string" ? payload.question : text
	} catch {
		return text
	}
}

function convertRow(raw: unknown): ClineMessage | undefined {
	const parsed = z
		.looseObject({
			ts: z.number().int().positive(),
			type: z.enum(["ask", "say"]),
			ask: z.string().optional(),
			say: z.string().optional(),
			text: z.string().optional(),
			images: z.array(z.string()).optional(),
			partial: z.boolean().optional(),
		})
		.safeParse(raw)
	if (!parsed.success || parsed.data.partial === true) return undefined
	const { ts, type, ask, say, text, images } = parsed.data
	const extras = images !== undefined && images.length > 0 ? { images } : {}
	let row: unknown
	if (type === "say" && say !== undefined && plainSays.has(say))
		row = { ts, type, say, text: text ?? "", ...extras }
	else if (type === "ask" && ask === "followup")
		row = { ts, type: "say", say: "text", text: questionOf(text) ?? "" }
	// The task's end, so a finished task reopens as finished.
	else if (type === "ask" && ask === "completion_result") row = { ts, type, ask, text: text ?? "" }
	const checked = clineMessageSchema.safeParse(row)
	return checked.success ? checked.data : undefined
}

/**
 * The rows of a Roo task Cairn shows, in time order with distinct timestamps; the first is the
 * task as the person wrote it (`task` when Roo's first row is missing).
 */
export function convertRooUiMessages(raw: unknown[], task: string): ClineMessage[] {
	const rows = raw.flatMap((row) => convertRow(row) ?? []).sort((a, b) => a.ts - b.ts)
	const distinct = rows.filter((row, index) => index === 0 || row.ts > (rows[index - 1]?.ts ?? 0))
	const first = distinct[0]
	if (first?.type === "say" && first.say === "text") return distinct
	return [
		{ ts: Math.max(1, (first?.ts ?? Date.now()) - 1), type: "say", say: "text", text: task },
		...distinct,
	]
}
