import type { ClineAskFollowup } from "@cairn/types"
import { z } from "zod"
import type { ToolDefinition } from "./toolDefinition.js"
import { withFeedback } from "./support/toolResults.js"

const suggestion = z.object({
	text: z.string().trim().min(1).describe("An answer the user can pick as it is."),
	mode: z.string().min(1).optional().describe("A mode to switch to if picked."),
})

const params = z.object({
	question: z.string().trim().min(1).describe("A clear, specific question."),
	follow_up: z
		.array(suggestion)
		.min(1)
		.max(4)
		.describe("2-4 answers, most likely first; the user may type another."),
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
		"Ask the user for a decision or facts no tool can find (which approach, an ambiguous requirement), when you cannot go on without them; never for what the tools can tell.",
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
