import type { ClineAskFollowup } from "@cairn/types"
import { z } from "zod"
import type { ToolDefinition } from "./toolDefinition.js"
import { withFeedback } from "./support/toolResults.js"

const suggestion = z.object({
	text: z.string().trim().min(1).describe("A complete answer the user can pick as it is."),
	mode: z
		.string()
		.min(1)
		.optional()
		.describe('A mode to switch to when this answer is picked, e.g. "code".'),
})

const params = z.object({
	question: z.string().trim().min(1).describe("A clear, specific question."),
	follow_up: z
		.array(suggestion)
		.min(1)
		.max(4)
		.describe("2-4 suggested answers, most likely first; the user may also type their own."),
})
export type AskFollowupQuestionParams = z.infer<typeof params>

function toFollowup(question: string, suggestions: readonly unknown[]): ClineAskFollowup {
	const suggest = suggestions.flatMap((item) => {
		if (item === null || typeof item !== "object") return []
		const { text, mode } = item as { text?: unknown; mode?: unknown }
		if (typeof text !== "string" || text === "") return []
		return [typeof mode === "string" && mode !== "" ? { answer: text, mode } : { answer: text }]
	})
	return { question, suggest }
}

export const askFollowupQuestionTool: ToolDefinition<AskFollowupQuestionParams> = {
	name: "ask_followup_question",
	description: [
		"Ask the user a question when you cannot go on without their decision or information that tools cannot find (e.g. which of two approaches, a credential's name, an ambiguous requirement).",
		"Do not ask what you can find out yourself with read_file, search_files or list_files. Offer 2-4 suggested answers so the user can reply with one click.",
		'Example: {"question": "Which database should the tests use?", "follow_up": [{"text": "SQLite in memory"}, {"text": "The Postgres from docker-compose.yml"}]}',
	].join("\n"),
	params,
	preview(partial) {
		if (typeof partial.question !== "string" || partial.question === "") return undefined
		const suggestions = Array.isArray(partial.follow_up) ? partial.follow_up : []
		return { ask: "followup", followup: toFollowup(partial.question, suggestions) }
	},
	async execute({ question, follow_up }, context) {
		const answer = await context.askFollowup(toFollowup(question, follow_up))
		const text = answer.text?.trim() ?? ""
		return withFeedback(`<answer>\n${text === "" ? "(no text)" : text}\n</answer>`, {
			images: answer.images,
		})
	},
}
