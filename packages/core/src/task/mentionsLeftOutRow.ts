import type { MentionsLeftOut } from "../mentions/personMentions.js"
import type { Transcript } from "./transcript.js"

/**
 * Puts the mentions that could not be included on the person's message they were typed in (its
 * latest row with that text: the first message or an answer), so the chat tells the person what
 * the model was told.
 */
export function markMentionsLeftOut(transcript: Transcript, leftOut: MentionsLeftOut): void {
	const row = transcript.all.findLast(
		(m) => m.type === "say" && (m.say === "text" || m.say === "user_feedback") && m.text === leftOut.text,
	)
	if (row !== undefined) transcript.update(row.ts, { mentionsLeftOut: leftOut.mentions })
}
