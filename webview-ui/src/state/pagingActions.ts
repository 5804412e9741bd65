import type { PageAnchor } from "@cairn/types"
import { postToHost } from "../vscode"
import { nextLocalId, useWebviewStore } from "./store"

const store = useWebviewStore

function requestPage(anchor: PageAnchor): void {
	const { taskId, pageRequest } = store.getState()
	if (taskId === undefined || pageRequest !== undefined) return
	store.setState({ pageRequest: anchor })
	postToHost({ type: "requestMessagePage", taskId, anchor })
}

/** The person scrolled to the top of what is loaded: the page before it, if the task has one. */
export function loadOlderMessages(): void {
	const { messages, olderMessages } = store.getState()
	const first = messages[0]
	if (olderMessages > 0 && first !== undefined) requestPage({ kind: "before", ts: first.ts })
}

/** The person scrolled to the bottom of a window that stops short of the task's end. */
export function loadNewerMessages(): void {
	const { messages, hasNewer } = store.getState()
	const last = messages.at(-1)
	if (hasNewer && last !== undefined) requestPage({ kind: "after", ts: last.ts })
}

/** Back to the task's newest messages: a fresh snapshot, which holds its last page. */
export function jumpToLatestPage(): void {
	store.setState({ awaitingState: true })
	postToHost({ type: "requestState" })
}

export function openFind(): void {
	store.setState({ findOpen: true })
}

export function closeFind(): void {
	store.setState({ findOpen: false, taskSearch: undefined })
}

/** Searches the whole task on the host; the answer comes as `taskSearchResults`. */
export function searchTask(query: string): void {
	const { taskId } = store.getState()
	if (taskId === undefined) return
	postToHost({ type: "searchTaskMessages", taskId, requestId: nextLocalId(), query })
}

/** Brings a search result into view: at once when it is loaded, else with the page around it. */
export function showSearchResult(ts: number): void {
	const { messages } = store.getState()
	if (messages.some((m) => m.ts === ts)) {
		store.setState({ scrollTarget: { ts, id: nextLocalId() } })
		return
	}
	store.setState({ pageRequest: undefined })
	requestPage({ kind: "around", ts })
}
