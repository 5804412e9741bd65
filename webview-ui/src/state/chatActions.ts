import {
	acceptsQueuedMessage,
	chatControls,
	maxImages,
	pressableButton,
	type ChatButton,
	type SendMode,
	type WebviewMessage,
	lastStateMessage,
} from "@cairn/types"
import { postToHost } from "../vscode"
import { sendModeOf } from "./selectors"
import { nextLocalId, useWebviewStore, type View } from "./store"

// The person's actions. Each posts exactly the message the protocol defines for it.

const store = useWebviewStore

export interface Typed {
	text: string
	images: string[]
}

function withTyped(message: WebviewMessage, typed: Typed): WebviewMessage {
	if (message.type !== "askResponse") return message
	const text = typed.text.trim()
	return {
		...message,
		...(text !== "" && { text }),
		...(typed.images.length > 0 && { images: typed.images }),
	}
}

function composerContent(): Typed {
	const { composerText, composerImages } = store.getState()
	return { text: composerText, images: composerImages }
}

function clearComposer(): void {
	store.setState({ composerText: "", composerImages: [] })
}

/**
 * Presses a chat button: sends exactly its message. An ask answer also carries what is in the
 * chat box (seed 001: pressing a button submits the typed text too), which is then cleared.
 * `typed` replaces the chat box's content when a host command brings its own text.
 */
export function pressButton(button: ChatButton, typed?: Typed): void {
	postToHost(withTyped(button.message, typed ?? composerContent()))
	if (button.message.type === "askResponse" && typed === undefined) clearComposer()
}

/** The host's "press the primary/secondary button" command; a no-op when that button is not enabled. */
export function pressButtonByRole(role: "primary" | "secondary", typed?: Typed): void {
	const button = pressableButton(chatControls(store.getState().latest), role)
	if (button === undefined) return
	const brought = typed !== undefined && (typed.text !== "" || typed.images.length > 0)
	pressButton(button, brought ? typed : undefined)
}

export function cancelTask(): void {
	const button = chatControls(store.getState().latest).cancelButton
	if (button !== undefined) postToHost(button.message)
}

export type SendOutcome = SendMode | "empty"

/** Sends typed text by the rules of `sendMode`. Returns what happened. */
export function submit(typed: Typed): SendOutcome {
	const text = typed.text.trim()
	if (text === "" && typed.images.length === 0) return "empty"
	const state = store.getState()
	const mode = sendModeOf(state, state.messages)
	const images = typed.images.length > 0 ? { images: typed.images } : {}
	switch (mode) {
		case "newTask":
			postToHost({ type: "newTask", text, ...images })
			break
		case "answer":
			postToHost({ type: "askResponse", askResponse: "messageResponse", text, ...images })
			break
		case "queue":
			queueMessage({ text, images: typed.images })
			break
		case "disabled":
			break
	}
	return mode
}

/** Holds a message until the task asks for one (see `flushQueue`). */
export function queueMessage({ text, images }: Typed): void {
	store.setState((s) => ({ queue: [...s.queue, { id: nextLocalId(), text, images }] }))
}

/** Enter in the chat box: submit its content and clear it unless nothing could take it. */
export function sendComposer(): SendOutcome {
	const outcome = submit(composerContent())
	if (outcome !== "empty" && outcome !== "disabled") clearComposer()
	return outcome
}

export function removeQueued(id: number): void {
	store.setState((s) => ({ queue: s.queue.filter((q) => q.id !== id) }))
}

/**
 * Sends the oldest queued message if the current ask takes one. Called after every transcript
 * change; each ask gets at most one, since the host needs a moment to replace the answered ask.
 */
export function flushQueue(): void {
	const { queue, latest: messages, flushedAskTs } = store.getState()
	const next = queue[0]
	const last = lastStateMessage(messages)
	if (next === undefined || last === undefined || last.ts === flushedAskTs) return
	if (!acceptsQueuedMessage(messages, chatControls(messages))) return
	store.setState({ queue: queue.slice(1), flushedAskTs: last.ts })
	postToHost({
		type: "askResponse",
		askResponse: "messageResponse",
		text: next.text,
		...(next.images.length > 0 && { images: next.images }),
	})
}

export function setComposerText(text: string): void {
	store.setState({ composerText: text })
}

/** The host's "add to chat box" commands add to what is there rather than overwrite it. */
export function appendComposerText(text: string): void {
	store.setState((s) => ({ composerText: s.composerText === "" ? text : `${s.composerText}\n${text}` }))
}

/** Adds images (data URIs) up to the protocol's limit; returns how many did not fit. */
export function addComposerImages(images: readonly string[]): number {
	const current = store.getState().composerImages
	const room = Math.max(0, maxImages - current.length)
	const accepted = images.slice(0, room)
	if (accepted.length > 0) store.setState({ composerImages: [...current, ...accepted] })
	return images.length - accepted.length
}

export function removeComposerImage(index: number): void {
	store.setState((s) => ({ composerImages: s.composerImages.filter((_, i) => i !== index) }))
}

export function requestFocus(): void {
	store.setState((s) => ({ focusRequest: s.focusRequest + 1 }))
}

export function showView(view: View): void {
	store.setState({ view })
	if (view === "chat") requestFocus()
	// Settings lists the other tools' instruction files there are now: they may have changed since.
	if (view === "settings") postToHost({ type: "requestInstructionFiles" })
}

export function dismissNotice(): void {
	store.setState({ notice: undefined })
}

/** Summarize the current task's conversation now; the result arrives as a condense row. */
export function condenseContext(): void {
	postToHost({ type: "condenseTaskContextRequest" })
}

export function startNewTask(): void {
	store.setState({ leavingTask: true })
	postToHost({ type: "clearTask" })
	showView("chat")
}
