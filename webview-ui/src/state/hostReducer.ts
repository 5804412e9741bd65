import {
	isNextSeq,
	maxImages,
	type ExtensionMessage,
	type ExtensionMessageOf,
	type ExtensionState,
	type HistoryItem,
	type ModesSnapshot,
	type TaskSummary,
} from "@cairn/types"
import { i18n } from "../i18n/i18n"
import { postToHost } from "../vscode"
import {
	addComposerImages,
	appendComposerText,
	flushQueue,
	pressButtonByRole,
	requestFocus,
	showView,
	startNewTask,
	submit,
	type Typed,
} from "./chatActions"
import {
	applyCardDiff,
	applyCardRemoved,
	applyCardUpdated,
	applyDiscardNeedsConfirmation,
	applyTaskBoard,
} from "./boardReducer"
import { askAboutCode } from "./codeRequest"
import { showFleetReport } from "./fleetActions"
import { resetRowUi } from "./rowUi"
import { nextLocalId, useWebviewStore, type WebviewStore } from "./store"
import { upsertInWindow, upsertLatest, withPage, type MessageWindow } from "./messageWindow"

const store = useWebviewStore

/** Asks the host for its whole state; deltas are ignored until it arrives. */
export function requestState(): void {
	store.setState({ awaitingState: true })
	postToHost({ type: "requestState" })
}

/** The store's fields the host's task summary sets; an absent figure is cleared. */
function summaryFields(summary: TaskSummary): Partial<WebviewStore> {
	return {
		totals: summary.totals,
		context: summary.context,
		activeIntent: summary.activeIntent,
		todos: summary.todos,
		taskText: summary.taskText,
	}
}

function newestFirst(items: HistoryItem[]): HistoryItem[] {
	return items.sort((a, b) => b.ts - a.ts)
}

function applySnapshot(state: ExtensionState): void {
	const before = store.getState()
	const taskChanged = before.taskId !== state.currentTaskId
	const startsHeld = before.leavingTask && before.queue.length > 0 && state.currentTaskId === undefined
	if (taskChanged) resetRowUi()
	const ignored = new Set(before.ignoredTaskIds)
	if (state.currentTaskId !== undefined) ignored.delete(state.currentTaskId)
	store.setState({
		version: state.version,
		messages: state.clineMessages,
		latest: state.clineMessages,
		olderMessages: state.olderMessages,
		hasNewer: false,
		pageRequest: undefined,
		taskId: state.currentTaskId,
		currentTaskItem: state.currentTaskItem,
		taskStack: state.taskStack,
		seq: state.seq,
		taskHistory: newestFirst([...state.taskHistory]),
		settings: state.settings,
		hasApiKey: state.hasApiKey,
		mode: state.mode,
		modes: state.modes,
		cwd: state.cwd,
		language: state.language,
		...summaryFields(state.summary),
		...(taskChanged && { findOpen: false, taskSearch: undefined, scrollTarget: undefined }),
		awaitingState: false,
		leavingTask: false,
		ignoredTaskIds: ignored,
		...(startsHeld
			? { queue: [] }
			: (taskChanged || before.leavingTask) && before.queue.length > 0 && requeueIntoComposer(before)),
	})
	// Typed after New Task and held: once the host shows the empty chat, it is the new task.
	if (startsHeld) submit(joined(before.queue))
	flushQueue()
}

/** Messages queued for a task that is no longer shown go back into the chat box, not lost. */
function requeueIntoComposer(before: WebviewStore): Partial<WebviewStore> {
	// The queued messages were written first, so they come before the current draft.
	const { text, images } = joined([
		...before.queue,
		{ text: before.composerText, images: before.composerImages },
	])
	return { queue: [], composerText: text, composerImages: images }
}

/** Several messages as one: their texts a paragraph each, their images up to the protocol's limit. */
function joined(messages: readonly { text: string; images: readonly string[] }[]): Typed {
	return {
		text: messages
			.map((m) => m.text)
			.filter((t) => t !== "")
			.join("\n\n"),
		images: messages.flatMap((m) => m.images).slice(0, maxImages),
	}
}

function applyDelta({ taskId, seq, message, summary }: ExtensionMessageOf<"messageUpdated">): void {
	const state = store.getState()
	if (state.awaitingState) return
	if (taskId !== state.taskId) {
		// Usually a late delta of a task just left; but it could mean a missed task switch, so
		// ask once per unknown task and ignore the rest.
		if (state.ignoredTaskIds.has(taskId)) return
		store.setState({ ignoredTaskIds: new Set(state.ignoredTaskIds).add(taskId) })
		requestState()
		return
	}
	if (seq <= state.seq) return // already contained in the snapshot
	if (!isNextSeq(state.seq, seq)) {
		requestState()
		return
	}
	store.setState({
		...upsertInWindow(windowOf(state), message),
		latest: upsertLatest(state.latest, message),
		seq,
		...(summary && summaryFields(summary)),
	})
	flushQueue()
}

const windowOf = ({ messages, olderMessages, hasNewer }: WebviewStore): MessageWindow => ({
	messages,
	olderMessages,
	hasNewer,
})

function applyMessagePage(page: ExtensionMessageOf<"messagePage">): void {
	const state = store.getState()
	// An answer about a task left meanwhile, or to a request the window has moved past, is dropped.
	if (page.taskId !== state.taskId) return
	const asked = state.pageRequest
	const settled = asked?.kind === page.anchor.kind && asked.ts === page.anchor.ts
	const window = withPage(windowOf(state), page)
	store.setState({
		...(settled && { pageRequest: undefined }),
		...window,
		...(window &&
			page.anchor.kind === "around" && { scrollTarget: { ts: page.anchor.ts, id: nextLocalId() } }),
	})
}

function applyHistoryUpdate({ upserted, removedIds }: ExtensionMessageOf<"taskHistoryUpdated">): void {
	const removed = new Set([...removedIds, ...upserted.map((item) => item.id)])
	store.setState((s) => ({
		taskHistory: newestFirst([...s.taskHistory.filter((item) => !removed.has(item.id)), ...upserted]),
		currentTaskItem: upserted.find((item) => item.id === s.taskId) ?? s.currentTaskItem,
	}))
}

function applyAction(action: ExtensionMessageOf<"action">["action"]): void {
	switch (action) {
		case "chatButtonClicked":
		case "focusInput":
			showView("chat")
			return
		case "historyButtonClicked":
			showView("history")
			return
		case "settingsButtonClicked":
			showView("settings")
			return
		case "mcpButtonClicked":
			showView("mcp")
			return
		case "didBecomeVisible":
			if (store.getState().view === "chat") requestFocus()
			return
	}
}

function applyInvoke({ invoke, text, images }: ExtensionMessageOf<"invoke">): void {
	const typed = { text: text ?? "", images: images ?? [] }
	switch (invoke) {
		case "newChat":
			startNewTask()
			return
		case "sendMessage":
			showView("chat")
			submit(typed)
			return
		case "primaryButtonClick":
			pressButtonByRole("primary", typed)
			return
		case "secondaryButtonClick":
			pressButtonByRole("secondary", typed)
			return
		case "askAboutCode":
			askAboutCode(typed)
			return
		case "setChatBoxMessage":
			if (text !== undefined) appendComposerText(text)
			if (images !== undefined) addComposerImages(images)
			showView("chat")
			return
	}
}

function modesOf({ type: _type, ...snapshot }: ExtensionMessageOf<"modes">): ModesSnapshot {
	return snapshot
}

/** Applies one host message to the store. Total over the union: the compiler checks every case. */
export function applyHostMessage(message: ExtensionMessage): void {
	switch (message.type) {
		case "state":
			applySnapshot(message.state)
			return
		case "messageUpdated":
			applyDelta(message)
			return
		case "taskHistoryUpdated":
			applyHistoryUpdate(message)
			return
		case "settingsUpdated":
			store.setState({
				settings: message.settings,
				hasApiKey: message.hasApiKey,
				...(message.language !== undefined && { language: message.language }),
			})
			return
		case "modeChanged":
			store.setState({ mode: message.mode })
			return
		case "action":
			applyAction(message.action)
			return
		case "invoke":
			applyInvoke(message)
			return
		case "theme":
			store.setState({ themeKind: message.kind })
			return
		case "selectedImages":
			addComposerImages(message.images)
			return
		case "modes":
			store.setState({ modes: modesOf(message) })
			return
		case "skills":
			store.setState({ skills: { skills: message.skills, skipped: message.skipped } })
			return
		case "instructionFilesFound":
			store.setState({ instructionFilesFound: message.found })
			return
		case "slashCommands":
			store.setState({ slashCommands: { commands: message.commands, problems: message.problems } })
			return
		case "mcpServers":
			store.setState({ mcp: { servers: message.servers, problems: message.problems } })
			return
		case "checkpointDiff":
			// With changes, the editor shows them in its diff view; with none, there is nothing to open.
			if (message.files.length === 0)
				store.setState({
					notice: {
						id: nextLocalId(),
						error: i18n.t("app:checkpointUnchanged", { checkpoint: message.from.slice(0, 7) }),
						inReplyTo: "checkpointDiff",
					},
				})
			return
		case "fileSearchResults":
			// Answers can overtake each other: an older query's must not replace a newer one's.
			if ((store.getState().fileSearch?.requestId ?? -1) < message.requestId)
				store.setState({ fileSearch: message })
			return
		case "messagePage":
			applyMessagePage(message)
			return
		case "taskSearchResults":
			// Only the current task's newest search counts.
			if (
				message.taskId === store.getState().taskId &&
				(store.getState().taskSearch?.requestId ?? -1) < message.requestId
			)
				store.setState({ taskSearch: message })
			return
		case "models":
			if ((store.getState().modelList?.requestId ?? -1) < message.requestId)
				store.setState({ modelList: message })
			return
		case "codebaseIndexStatus":
			store.setState({ codebaseIndex: message.status })
			return
		case "importReport":
			store.setState({ importReport: message.report })
			return
		case "connectionTested":
			if ((store.getState().connectionTest?.requestId ?? -1) < message.requestId)
				store.setState({ connectionTest: message })
			return
		case "error":
			// A page that failed may be asked for again.
			if (message.inReplyTo === "requestMessagePage") store.setState({ pageRequest: undefined })
			store.setState({
				notice: {
					id: nextLocalId(),
					error: message.error,
					inReplyTo: message.inReplyTo,
					...(message.problem && { problem: message.problem }),
				},
			})
			return
		case "taskBoard":
			applyTaskBoard(message)
			return
		case "taskCardUpdated":
			applyCardUpdated(message)
			return
		case "taskCardRemoved":
			applyCardRemoved(message)
			return
		case "cardDiff":
			applyCardDiff(message)
			return
		case "discardNeedsConfirmation":
			applyDiscardNeedsConfirmation(message)
			return
		case "fleetRecentRuns":
			store.setState((s) => ({ fleet: { ...s.fleet, recent: message.folders } }))
			return
		case "fleetReport":
			showFleetReport(message.report)
			return
		default:
			message satisfies never
	}
}
