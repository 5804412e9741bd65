import type { EventEmitter } from "node:events"
import { askCategory, lastStateMessage, type ClineAsk, type ClineMessage } from "@cairn/types"
import { AskGate, type AskAnswer } from "./askGate.js"
import type { TaskEvents } from "./taskEvents.js"
import type { MessageFields, Transcript } from "./transcript.js"

const categoryEvent = {
	idle: "taskIdle",
	interactive: "taskInteractive",
	resumable: "taskResumable",
} as const

/**
 * Puts a question to the person and waits for the answer, with the lifecycle events of seed
 * 002 around it: message(ask) -> taskPaused (+ its category) -> taskAskResponded -> taskUnpaused.
 */
export class AskChannel {
	private readonly gate = new AskGate()

	constructor(
		private readonly transcript: Transcript,
		private readonly events: EventEmitter<TaskEvents>,
	) {}

	get waitingTs(): number | undefined {
		return this.gate.waitingTs
	}

	/**
	 * Asks in a new row, or turns the preview row `reuseTs` into the ask while it is still the
	 * last (asides after it, such as the person's todo edit, do not count). `worded` is what the
	 * English `text` means as a kind and parameters (an error's problem, a notice), for clients to
	 * word in the person's language.
	 */
	async ask(
		ask: ClineAsk,
		text: string | undefined,
		reuseTs?: number,
		worded: Pick<MessageFields, "problem" | "notice"> = {},
	): Promise<AskAnswer & { askTs: number }> {
		const message = this.showAsk(ask, { ...(text !== undefined && { text }), ...worded }, reuseTs)
		return { ...(await this.waitFor(message)), askTs: message.ts }
	}

	answer(answer: AskAnswer): boolean {
		return this.gate.answer(answer)
	}

	cancel(): void {
		this.gate.cancel()
	}

	/** No ask is waited for any more, now or later (the task was abandoned). */
	close(): void {
		this.gate.close()
	}

	private showAsk(ask: ClineAsk, fields: MessageFields, reuseTs?: number): ClineMessage {
		if (reuseTs !== undefined && lastStateMessage(this.transcript.all)?.ts === reuseTs) {
			const updated = this.transcript.update(reuseTs, {
				type: "ask",
				ask,
				say: undefined,
				...fields,
				partial: false,
			})
			if (updated) return updated
		}
		return this.transcript.append({ type: "ask", ask }, fields)
	}

	private async waitFor(message: ClineMessage): Promise<AskAnswer> {
		const waiting = this.gate.wait(message.ts)
		const category = askCategory(message.ask ?? "followup")
		this.events.emit("taskPaused")
		if (category !== "nonBlocking") this.events.emit(categoryEvent[category])
		const answer = await waiting
		this.events.emit("taskAskResponded")
		this.events.emit("taskUnpaused")
		this.events.emit("taskActive")
		return answer
	}
}
