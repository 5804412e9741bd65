import {
	activeIntentOf,
	applyMessageUpdate,
	currentTodos,
	isNextSeq,
	maxImages,
	type ClineMessage,
	type ExtensionMessage,
	type ExtensionMessageOf,
	type ExtensionState,
	type HistoryItem,
	type ModesSnapshot,
} from "@cairn/types"
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
} from "./chatActions"
import { resetRowUi } from "./rowUi"
import { nextLocalId, useWebviewStore, type WebviewStore } from "./store"
import { affectsContextUsage, contextUsageOf } from "./contextUsage"
import { totalsOf, updateTotals } from "./taskTotals"

const store = useWebviewStore

function requestState(): void {
	store.setState({ awaitingState: true })
	postToHost({ type: "requestState" })
}

function newestFirst(items: HistoryItem[]): HistoryItem[] {
	return items.sort((a, b) => b.ts - a.ts)
}

function applySnapshot(state: ExtensionState): void {
	const before = store.getState()
	const taskChanged = before.taskId !== state.currentTaskId
	if (taskChanged) resetRowUi()
	const ignored = new Set(before.ignoredTaskIds)
	if (state.currentTaskId !== undefined) ignored.delete(state.currentTaskId)
	store.setState({
		version: state.version,
		messages: state.clineMessages,
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
		totals: totalsOf(state.clineMessages),
		context: contextUsageOf(state.clineMessages),
		activeIntent: activeIntentOf(state.clineMessages),
		todos: currentTodos(state.clineMessages),
		awaitingState: false,
		ignoredTaskIds: ignored,
		...(taskChanged && before.queue.length > 0 && requeueIntoComposer(before)),
	})
	flushQueue()
}

/** Messages queued for a task that is no longer shown go back into the chat box, not lost. */
function requeueIntoComposer(before: WebviewStore): Partial<WebviewStore> {
	// The queued messages were written first, so they come before the current draft.
	const texts = [...before.queue.map((q) => q.text), before.composerText].filter((t) => t !== "")
	const images = [...before.queue.flatMap((q) => q.images), ...before.composerImages]
	return { queue: [], composerText: texts.join("\n\n"), composerImages: images.slice(0, maxImages) }
}

function findByTs(messages: readonly ClineMessage[], ts: number): ClineMessage | undefined {
	// Deltas nearly always touch the end of the transcript.
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]
		if (message === undefined || message.ts < ts) return undefined
		if (message.ts === ts) return message
	}
	return undefined
}

function applyDelta({ taskId, seq, message }: ExtensionMessageOf<"messageUpdated">): void {
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
	const previous = findByTs(state.messages, message.ts)
	const messages = applyMessageUpdate(state.messages, message)
	store.setState({
		messages,
		seq,
		totals: updateTotals(state.totals, previous, message),
		// Only request and condense rows change the context figures; text deltas skip the scan. A
		// failed condense turns its row into another kind, so the row before counts too.
		...((affectsContextUsage(message) || (previous !== undefined && affectsContextUsage(previous))) && {
			context: contextUsageOf(messages),
		}),
		// Only a hook row can select or end an intent.
		...(message.say === "hook" && { activeIntent: activeIntentOf(messages) }),
		// Only the model's tool rows and the person's edits set the todo list.
		...((message.say === "tool" || message.say === "user_edit_todos") && {
			todos: currentTodos(messages),
		}),
	})
	flushQueue()
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
			store.setState({ settings: message.settings, hasApiKey: message.hasApiKey })
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
						error: `Nothing has changed since checkpoint ${message.from.slice(0, 7)}.`,
						inReplyTo: "checkpointDiff",
					},
				})
			return
		case "fileSearchResults":
			// Answers can overtake each other: an older query's must not replace a newer one's.
			if ((store.getState().fileSearch?.requestId ?? -1) < message.requestId)
				store.setState({ fileSearch: message })
			return
		case "models":
			if ((store.getState().modelList?.requestId ?? -1) < message.requestId)
				store.setState({ modelList: message })
			return
		case "connectionTested":
			if ((store.getState().connectionTest?.requestId ?? -1) < message.requestId)
				store.setState({ connectionTest: message })
			return
		case "error":
			store.setState({
				notice: { id: nextLocalId(), error: message.error, inReplyTo: message.inReplyTo },
			})
			return
		default:
			message satisfies never
	}
}
