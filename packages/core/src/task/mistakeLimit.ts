import { responses } from "../prompts/responses.js"
import type { UserBlock } from "../providers/apiMessage.js"
import type { AskChannel } from "./askChannel.js"
import type { Transcript } from "./transcript.js"

/**
 * The model's mistakes in a row (a turn without a tool call, a failed call). At the person's
 * limit the task asks them for guidance before it goes on, so a confused model does not spend
 * turn after turn.
 */
export class MistakeLimit {
	private inARow = 0

	constructor(
		private readonly asks: AskChannel,
		private readonly transcript: Transcript,
		private readonly limit: () => number,
	) {}

	made(): void {
		this.inARow++
	}

	/** A call that went through ends the run of mistakes. */
	succeeded(): void {
		this.inARow = 0
	}

	/** The content the next request carries: at the limit, with the person's guidance added. */
	async check(userContent: UserBlock[]): Promise<UserBlock[]> {
		if (this.inARow < this.limit()) return userContent
		const answer = await this.asks.ask(
			"mistake_limit_reached",
			"The model has failed several times in a row. You can give it guidance and let it try again.",
			undefined,
			{ notice: { kind: "mistake_limit" } },
		)
		this.inARow = 0
		if (!answer.text) return userContent
		this.transcript.say("user_feedback", { text: answer.text })
		return [...userContent, { type: "text", text: responses.mistakeLimitGuidance(answer.text) }]
	}
}
