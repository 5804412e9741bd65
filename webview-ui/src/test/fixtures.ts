import {
	defaultSettings,
	applyMessageUpdate,
	emptyExtensionState,
	lastPage,
	taskSummaryOf,
	type ClineApiReqInfo,
	type ClineAsk,
	type ClineMessage,
	type ClineSay,
	type ExtensionMessage,
	type ExtensionState,
} from "@cairn/types"
import { act } from "@testing-library/react"
import { applyHostMessage } from "../state/hostReducer"

// Transcript builders, so tests read as conversations.

let clock = 1_760_000_000_000
export const nextTs = () => ++clock

export const say = (kind: ClineSay, text?: string, extra: Partial<ClineMessage> = {}): ClineMessage => ({
	ts: nextTs(),
	type: "say",
	say: kind,
	...(text !== undefined && { text }),
	...extra,
})

export const ask = (kind: ClineAsk, text?: string, extra: Partial<ClineMessage> = {}): ClineMessage => ({
	ts: nextTs(),
	type: "ask",
	ask: kind,
	...(text !== undefined && { text }),
	...extra,
})

export const apiRequest = (info: ClineApiReqInfo = { request: "task" }): ClineMessage =>
	say("api_req_started", JSON.stringify(info))

export const finishedRequest = (info: Partial<ClineApiReqInfo> = {}): ClineMessage =>
	apiRequest({ request: "task", tokensIn: 1200, tokensOut: 300, cost: 0.0042, ...info })

export const taskId = "task-1"

const claudeTest = { provider: "anthropic" as const, modelId: "claude-test" }

/** A host snapshot of a configured Cairn showing `messages` as task-1. */
export function stateWith(messages: ClineMessage[], overrides: Partial<ExtensionState> = {}): ExtensionState {
	const summary = taskSummaryOf(messages)
	hostSide = { messages, summary: JSON.stringify(summary) }
	// What the host sends: the newest page, and the summary of the whole task.
	const page = lastPage(messages)
	return emptyExtensionState("1.2.3", {
		clineMessages: page.messages,
		olderMessages: page.olderMessages,
		summary,
		currentTaskId: messages.length > 0 ? taskId : undefined,
		taskStack: messages.length > 0 ? [taskId] : [],
		settings: {
			...defaultSettings(),
			provider: claudeTest,
			profiles: [{ id: "profile-1", name: "Claude", provider: claudeTest }],
			currentProfileId: "profile-1",
		},
		hasApiKey: true,
		...overrides,
	})
}

/** Delivers host messages the way the page receives them, inside act() so React settles. */
export function fromHost(...messages: ExtensionMessage[]): void {
	act(() => {
		for (const message of messages) applyHostMessage(message)
	})
}

/** Sends a window message event, as VS Code delivers host messages to the page. */
export function postWindowMessage(data: unknown): void {
	act(() => {
		window.dispatchEvent(new MessageEvent("message", { data }))
	})
}

export function loadTask(messages: ClineMessage[], overrides: Partial<ExtensionState> = {}): void {
	fromHost({ type: "state", state: stateWith(messages, overrides) })
}

/** The whole transcript of task-1 as the host holds it, for deltas to carry its summary as the host does. */
let hostSide: { messages: ClineMessage[]; summary: string } = { messages: [], summary: "" }

/**
 * A `messageUpdated` delta of task-1, with the task's summary when the message changed it (the
 * host's rule; here computed from the whole transcript the last `loadTask` or `stateWith` began).
 */
export function delta(message: ClineMessage, seq: number, forTask = taskId): ExtensionMessage {
	if (forTask !== taskId) return { type: "messageUpdated", taskId: forTask, seq, message }
	const messages = applyMessageUpdate(hostSide.messages, message)
	const summary = taskSummaryOf(messages)
	const changed = JSON.stringify(summary) !== hostSide.summary
	hostSide = { messages, summary: JSON.stringify(summary) }
	return { type: "messageUpdated", taskId: forTask, seq, message, ...(changed && { summary }) }
}
