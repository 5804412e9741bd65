import {
	clineAskCommandSchema,
	clineAskFollowupSchema,
	safeParseJson,
	type ClineMessage,
	type ToolOutcome,
} from "@cairn/types"

export type UnrunOutcome = Extract<ToolOutcome, "cancelled" | "interrupted" | "skipped">

/**
 * The final form of a preview row whose call never ran: a finished `tool` row with the outcome
 * (what streamed of the call stays readable), or, for a question, the question as text. Never an
 * ask: an ask left in the transcript would read as waiting for the person.
 */
export function unrunPreview(row: ClineMessage, outcome: UnrunOutcome): Partial<ClineMessage> {
	const settled = { type: "say" as const, ask: undefined, partial: false, outcome }
	switch (row.ask) {
		case "tool":
			return { ...settled, say: "tool" }
		case "command": {
			const command = safeParseJson(clineAskCommandSchema, row.text)
			if (!command.success) return { ...settled, say: "error", text: notRun(outcome) }
			const { command: line, cwd } = command.data
			return {
				...settled,
				say: "tool",
				text: JSON.stringify({ tool: "executeCommand", command: line, ...(cwd && { cwd }) }),
			}
		}
		case "followup": {
			const question = safeParseJson(clineAskFollowupSchema, row.text)
			return question.success
				? { ...settled, say: "text", text: question.data.question, outcome: undefined }
				: { ...settled, say: "error", text: notRun(outcome) }
		}
		default:
			return row.type === "say"
				? { partial: false, outcome }
				: { ...settled, say: "error", text: notRun(outcome) }
	}
}

function notRun(outcome: UnrunOutcome): string {
	switch (outcome) {
		case "cancelled":
			return "The request was cancelled before this tool call was complete."
		case "interrupted":
			return "The response was cut off before this tool call was complete."
		case "skipped":
			return "This tool call was not run."
	}
}
