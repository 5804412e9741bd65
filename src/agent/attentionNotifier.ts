import type { Controller } from "@cairn/core"
import { waitingFor, type ExtensionMessage, type TaskCard } from "@cairn/types"
import * as vscode from "vscode"
import { commandIds } from "../ids"
import { askKey, BoardAttention, ToldOnce } from "./boardAttention"

/** Where the person sees the task board: whether they see it now, how to take them there, its badge. */
export interface BoardSurface {
	isVisible(): boolean
	show(): Promise<void>
	/** The number on the board's view (none at 0), with what it counts. */
	setBadge(count: number, tooltip: string): void
}

/** Where the person sees Cairn: whether they see it now, and how to take them there. */
export interface CairnView {
	isVisible(): boolean
	show(): Promise<void>
	/** Calls `listener` when no Cairn view is visible any more. */
	onDidHide(listener: () => void): vscode.Disposable
	board: BoardSurface
}

export const notifyWhenWaitingSetting = "notifyWhenWaiting"

const notifying = () =>
	vscode.workspace.getConfiguration("cairn").get<boolean>(notifyWhenWaitingSetting, true)

function tell(text: string, button: string, show: () => Promise<void>): void {
	void vscode.window.showInformationMessage(text, button).then((choice) => {
		if (choice === button) void show()
	})
}

/**
 * When the agent waits for the person while no Cairn view is visible, says in a notification
 * what it waits for, with a button that shows Cairn: as the ask comes, or when the person hides
 * Cairn while it is still waiting. One notification per ask: an ask is a new message (a new
 * `ts`) when final, and its later updates are not news.
 *
 * The board's cards are followed the same way: its view's badge and an item in the status bar
 * (which opens the board) count the cards that need the person, and a card that newly does is
 * told of unless the board is in view. That notification closes itself once the card no longer
 * needs the person (answered on the board, say): VS Code cannot close a plain message, which
 * would linger after its question was gone. An ask is told once, whether the chat's or a card's.
 */
export function notifyWhenWaiting(controller: Controller, view: CairnView): vscode.Disposable {
	const told = new ToldOnce()
	/** The ask the chat's task waits on now, until a later message shows it was answered. */
	let waiting: { taskId: string; ts: number; text: string } | undefined

	const notify = (ask: { taskId: string; ts: number; text: string }) => {
		if (view.isVisible() || !notifying() || !told.first(askKey(ask.taskId, ask.ts))) return
		tell(ask.text, vscode.l10n.t("Show Cairn"), () => view.show())
	}

	const cardNeedsYou = (card: TaskCard, over: Promise<void>) => {
		// The person sees it on the board.
		if (view.board.isVisible() || !notifying()) return
		const text =
			card.state === "failed"
				? vscode.l10n.t("The task “{title}” failed: {error}", {
						title: card.title,
						error: card.error ?? "",
					})
				: vscode.l10n.t("The task “{title}” waits for you.", { title: card.title })
		void vscode.window.withProgress(
			{ location: vscode.ProgressLocation.Notification, title: text },
			() => over,
		)
	}
	const waitingItem = vscode.window.createStatusBarItem(
		"cairn.tasksThatNeedYou",
		vscode.StatusBarAlignment.Left,
	)
	waitingItem.name = vscode.l10n.t("Cairn: tasks that need you")
	waitingItem.command = commandIds.openTaskBoard
	waitingItem.tooltip = vscode.l10n.t("Open Task Board")
	const board = new BoardAttention(
		{
			badge: (count) => {
				const text = vscode.l10n.t("Tasks that need you: {count}", { count })
				view.board.setBadge(count, text)
				waitingItem.text = `$(bell-dot) ${text}`
				if (count > 0) waitingItem.show()
				else waitingItem.hide()
			},
			leftToChat: (card) => view.isVisible() && controller.currentTask?.taskId === card.taskId,
			newlyNeeds: cardNeedsYou,
		},
		told,
	)

	const receive = (message: ExtensionMessage) => {
		board.receive(message)
		if (message.type !== "messageUpdated") return
		const text = waitingFor(message.message)
		if (text !== undefined) {
			waiting = { taskId: message.taskId, ts: message.message.ts, text }
			notify(waiting)
		} else if (waiting?.taskId === message.taskId && message.message.ts >= waiting.ts) waiting = undefined
	}
	const detach = controller.attach(receive)
	// The cards there are now; their changes then come as deltas.
	void controller.handleWebviewMessage({ type: "requestTaskBoard" }, receive)
	// The view's visibility reaches this process a moment after the person hides it: an ask that
	// came in between is told of then.
	const hidden = view.onDidHide(() => {
		if (waiting !== undefined) notify(waiting)
	})
	return new vscode.Disposable(() => {
		detach()
		hidden.dispose()
		board.dispose()
		waitingItem.dispose()
	})
}
