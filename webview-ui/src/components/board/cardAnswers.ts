import { askControls, type ClineAskResponse, type ClineMessage } from "@cairn/types"

/** A button that answers the ask a card waits on. */
export interface CardAnswer {
	/** The chat's label for it (English, as askControls names it; shown through chatButtonLabel). */
	text: string
	askResponse: ClineAskResponse
	/** It sends what the person typed as the answer (a question's Answer): nothing typed, nothing to send. */
	needsText: boolean
	primary: boolean
}

export interface CardAnswers {
	answers: CardAnswer[]
	/** False while the ask is still streaming in: what it asks is not complete yet. */
	enabled: boolean
}

/**
 * The answers a card offers for the ask it waits on: the chat's own buttons for that ask (one
 * implementation, askControls in @cairn/types), those that answer the ask. Buttons that leave the
 * task for a new one ("New Task", "Terminate") or steer a running command have no meaning on a
 * card: the card has its own Cancel, and its chat is one click away.
 */
export function cardAnswers(ask: ClineMessage): CardAnswers {
	if (ask.type !== "ask" || ask.ask === undefined) return { answers: [], enabled: false }
	const controls = askControls[ask.ask](ask.partial === true)
	const answers: CardAnswer[] = []
	for (const [button, primary] of [
		[controls.primaryButton, true],
		[controls.secondaryButton, false],
	] as const) {
		if (button?.message.type !== "askResponse") continue
		const { askResponse } = button.message
		answers.push({
			text: button.text,
			askResponse,
			needsText: askResponse === "messageResponse",
			primary,
		})
	}
	return { answers, enabled: controls.enableButtons }
}
