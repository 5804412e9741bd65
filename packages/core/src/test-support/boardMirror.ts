import type { ExtensionMessage, TaskCard } from "@cairn/types"
import type { AgentHarness } from "./agentHarness.js"

/** What a board client knows: the cards from `taskBoard` and `taskCardUpdated`, and every answer it got. */
export class BoardMirror {
	readonly cards = new Map<string, TaskCard>()
	readonly received: ExtensionMessage[] = []
	private waiters: (() => void)[] = []

	receive = (message: ExtensionMessage): void => {
		this.received.push(message)
		if (message.type === "taskBoard") for (const card of message.cards) this.cards.set(card.taskId, card)
		if (message.type === "taskCardUpdated") this.cards.set(message.card.taskId, message.card)
		if (message.type === "taskCardRemoved") this.cards.delete(message.taskId)
		for (const wake of this.waiters.splice(0)) wake()
	}

	card(taskId: string): TaskCard {
		const card = this.cards.get(taskId)
		if (card === undefined) throw new Error(`No card for ${taskId}`)
		return card
	}

	/** The id of the card whose title is `title`. */
	idOf(title: string): string {
		const card = [...this.cards.values()].find((c) => c.title === title)
		if (card === undefined) throw new Error(`No card titled ${title}`)
		return card.taskId
	}

	/** Resolves when the predicate holds; fails after `timeoutMs` naming what it waited for and the cards. */
	async waitFor(predicate: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
		const deadline = Date.now() + timeoutMs
		while (!predicate()) {
			const left = deadline - Date.now()
			if (left <= 0) {
				const cards = [...this.cards.values()].map((c) => `${c.title}: ${c.state}`)
				throw new Error(`Timed out waiting for ${what}; cards:\n${cards.join("\n")}`)
			}
			await new Promise<void>((resolve) => {
				const timer = setTimeout(resolve, Math.min(left, 200))
				this.waiters.push(() => {
					clearTimeout(timer)
					resolve()
				})
			})
		}
	}

	/** Waits until the card titled `title` is in `state`. */
	waitForState(title: string, state: TaskCard["state"], timeoutMs?: number): Promise<void> {
		return this.waitFor(
			() => [...this.cards.values()].some((c) => c.title === title && c.state === state),
			`"${title}" to be ${state}`,
			timeoutMs,
		)
	}
}

/** A board client of `agent`'s Controller: its mirror, what it sends, and its approval of a card by title. */
export function boardClient(agent: AgentHarness) {
	const board = new BoardMirror()
	agent.controller.attach(board.receive)
	const send = (message: Parameters<AgentHarness["send"]>[0]) =>
		agent.controller.handleWebviewMessage(message, board.receive)
	const approve = async (title: string) => {
		const card = board.card(board.idOf(title))
		await send({
			type: "answerCard",
			taskId: card.taskId,
			ts: card.waitingOn?.ts ?? 0,
			askResponse: "yesButtonClicked",
		})
	}
	return { board, send, approve }
}
