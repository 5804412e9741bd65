import type { ClineAskResponse, WebviewMessageOf } from "@cairn/types"
import { postToHost } from "../vscode"
import { showView } from "./chatActions"
import { useWebviewStore } from "./store"

// The person's actions on the board. Each posts exactly the message the protocol defines for it;
// what a card's task does then comes back as card deltas.

const store = useWebviewStore

/** Every card, then the host's deltas as cards change. */
export function requestTaskBoard(): void {
	postToHost({ type: "requestTaskBoard" })
}

export function startBoardTask(request: Omit<WebviewMessageOf<"startBoardTask">, "type">): void {
	postToHost({ type: "startBoardTask", ...request })
}

/** Makes the workspace folder a git repository (git init); the host answers with the board as it is then. */
export function initRepository(): void {
	postToHost({ type: "initRepository" })
}

/** Answers the ask the card waits on; `ts` is that ask's, so a click on a stale card answers nothing. */
export function answerCard(taskId: string, ts: number, askResponse: ClineAskResponse, text?: string): void {
	const typed = text?.trim()
	postToHost({ type: "answerCard", taskId, ts, askResponse, ...(typed && { text: typed }) })
}

/** Opens the file change the card's task waits on in the editor's diff view. */
export function showCardEdit(taskId: string): void {
	postToHost({ type: "showCardEdit", taskId })
}

/** Shows the card's task in the chat. */
export function openCardChat(taskId: string): void {
	postToHost({ type: "showTaskWithId", taskId })
	showView("chat")
}

export function cancelCard(taskId: string): void {
	postToHost({ type: "cancelCard", taskId })
}

export function resumeCard(taskId: string): void {
	postToHost({ type: "resumeCard", taskId })
}

export function reviewCard(taskId: string): void {
	postToHost({ type: "reviewCard", taskId })
}

export function runCardChecks(taskId: string): void {
	postToHost({ type: "runCardChecks", taskId })
}

export type LandHow = WebviewMessageOf<"landCard">["how"]

export function landCard(taskId: string, how: LandHow): void {
	postToHost({ type: "landCard", taskId, how })
}

/** Asks the host to discard; work that would be lost comes back to confirm first. */
export function discardCard(taskId: string): void {
	postToHost({ type: "discardCard", taskId })
}

/** Discards after the person saw and accepted exactly the loss the host named. */
export function confirmDiscard(taskId: string): void {
	const loss = store.getState().board.pendingLoss[taskId]
	if (loss === undefined) return
	dropDiscard(taskId)
	postToHost({ type: "discardCard", taskId, confirmedLoss: [...loss] })
}

/** The person kept the work: the held discard is forgotten. */
export function dropDiscard(taskId: string): void {
	store.setState((s) => {
		const { [taskId]: _kept, ...rest } = s.board.pendingLoss
		return { board: { ...s.board, pendingLoss: rest } }
	})
}

export function closeCardDiff(taskId: string): void {
	store.setState((s) => {
		const { [taskId]: _closed, ...rest } = s.board.diffs
		return { board: { ...s.board, diffs: rest } }
	})
}
