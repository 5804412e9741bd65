import type { WebviewMessageType } from "@cairn/types"
import type { Client } from "./Controller.js"
import type { Handler } from "./messageHandlers.js"

type BoardMessageType = Extract<
	WebviewMessageType,
	| "requestTaskBoard"
	| "startBoardTask"
	| "answerCard"
	| "cancelCard"
	| "resumeCard"
	| "reviewCard"
	| "runCardChecks"
	| "landCard"
	| "discardCard"
>

// INTERIM (session 34, replaced by the tasks room before this session ends): the board's
// protocol is in @cairn/types so its parts can be built side by side.
const notYet = async (_controller: unknown, message: { type: string }, reply: Client): Promise<void> =>
	reply({
		type: "error",
		code: "failed",
		error: "The task board is not available in this build.",
		inReplyTo: message.type,
	})

export const boardHandlers: { [T in BoardMessageType]: Handler<T> } = {
	requestTaskBoard: notYet,
	startBoardTask: notYet,
	answerCard: notYet,
	cancelCard: notYet,
	resumeCard: notYet,
	reviewCard: notYet,
	runCardChecks: notYet,
	landCard: notYet,
	discardCard: notYet,
}
