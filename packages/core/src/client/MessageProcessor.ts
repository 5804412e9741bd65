import {
	applyMessageUpdate,
	isNextSeq,
	type AgentStateInfo,
	type ClineMessage,
	type ExtensionMessage,
	type ExtensionMessageOf,
} from "@cairn/types"
import type { StateStore } from "./StateStore.js"

/** What one host message changed, for the client to turn into events. */
export interface ProcessResult {
	previousState: AgentStateInfo
	previousMode: string | undefined
	/** Messages upserted by a delta. */
	updated: ClineMessage[]
	/** Set when a `state` snapshot replaced the transcript. */
	snapshot?: { previousTaskId: string | undefined }
	/** The delta skipped a `seq`: the client must ask for a fresh snapshot. */
	gap?: { expected: number; got: number }
	error?: ExtensionMessageOf<"error">
}

/**
 * Applies host messages to the store: `state` replaces everything, `messageUpdated` upserts one
 * message (with `applyMessageUpdate` from @cairn/types, the webview's own upsert), mode and
 * history deltas update their fields. Pure bookkeeping: no events, no I/O.
 */
export class MessageProcessor {
	constructor(private readonly store: StateStore) {}

	process(message: ExtensionMessage): ProcessResult {
		const before = this.store.state
		const result: ProcessResult = {
			previousState: before.agentState,
			previousMode: before.currentMode,
			updated: [],
		}
		switch (message.type) {
			case "state": {
				const { state } = message
				this.store.setMessages(state.clineMessages, {
					olderMessages: state.olderMessages,
					summary: state.summary,
					isInitialized: true,
					currentMode: state.mode,
					taskId: state.currentTaskId,
					taskStack: state.taskStack,
					seq: state.seq,
					settings: state.settings,
					taskHistory: state.taskHistory,
				})
				result.snapshot = { previousTaskId: before.taskId }
				break
			}
			case "messageUpdated": {
				// Deltas of a task that is no longer current (a late flush) change nothing shown.
				if (message.taskId !== before.taskId) break
				if (!isNextSeq(before.seq, message.seq)) {
					result.gap = { expected: before.seq + 1, got: message.seq }
					break
				}
				this.store.setMessages(applyMessageUpdate(before.messages, message.message), {
					seq: message.seq,
					...(message.summary && { summary: message.summary }),
				})
				result.updated.push(message.message)
				break
			}
			case "modeChanged":
				this.store.update({ currentMode: message.mode })
				break
			case "settingsUpdated":
				this.store.update({ settings: message.settings, currentMode: message.settings.mode })
				break
			case "taskHistoryUpdated": {
				const removed = new Set([...message.removedIds, ...message.upserted.map((item) => item.id)])
				const kept = before.taskHistory.filter((item) => !removed.has(item.id))
				this.store.update({ taskHistory: [...message.upserted, ...kept].sort((a, b) => b.ts - a.ts) })
				break
			}
			case "error":
				result.error = message
				break
			default:
				// action, invoke, theme, selectedImages: webview concerns a terminal has no use for.
				break
		}
		return result
	}
}
