import type { ExtensionMessage } from "@cairn/types"
import type { OutputManager } from "./OutputManager.js"

/**
 * Hears the host's messages and writes every change of any task's card as a `task_card` event,
 * whichever task the chat shows: a prompt stream's client follows several tasks by their ids.
 */
export function cardEvents(output: OutputManager): (message: ExtensionMessage) => void {
	return (message) => {
		if (message.type === "taskCardUpdated")
			output.event({ type: "system", subtype: "task_card", card: message.card })
	}
}
