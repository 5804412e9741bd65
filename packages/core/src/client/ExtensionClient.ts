import { EventEmitter } from "node:events"
import type { Logger } from "../host/Host.js"
import { lastStateMessage } from "@cairn/types"
import type {
	AgentStateInfo,
	ClineAsk,
	ClineMessage,
	ExtensionMessage,
	ExtensionMessageOf,
	WebviewMessage,
	TaskSummary,
} from "@cairn/types"
import { MessageProcessor } from "./MessageProcessor.js"
import { StateStore, type StoreState } from "./StateStore.js"

export interface ExtensionClientEvents {
	/** The computed agent state changed (state, ask, streaming or last message). */
	stateChange: [{ previous: AgentStateInfo; current: AgentStateInfo }]
	/** One message was created or changed by a delta. */
	message: [{ message: ClineMessage }]
	/** A `state` snapshot replaced the transcript (launch, task switch, reset, gap repair). */
	snapshot: [
		{
			taskId: string | undefined
			previousTaskId: string | undefined
			messages: readonly ClineMessage[]
			/** The task's messages before `messages` (a long task's snapshot holds its newest page). */
			olderMessages: number
			/** The host's summary of the whole task. */
			summary: TaskSummary
			/** From the root to the current task: a subtask's parents come first. */
			taskStack: readonly string[]
		},
	]
	/** A new ask is waiting (emitted once per ask). */
	waitingForInput: [{ ask: ClineAsk; message: ClineMessage; state: AgentStateInfo }]
	modeChanged: [{ previousMode: string | undefined; currentMode: string | undefined }]
	/** The task stopped at an idle ask: completed, or failed and waiting for a decision. */
	taskCompleted: [{ success: boolean; ask: ClineAsk; message: ClineMessage }]
	/** The host reported an error (a failed request, or a task loop that stopped unexpectedly). */
	hostError: [ExtensionMessageOf<"error">]
}

export interface ExtensionClientOptions {
	/** Delivers a message to the host (ExtensionHost.sendToExtension). */
	sendMessage: (message: WebviewMessage) => Promise<void>
	/** Debug log (seed 000's `[MessageProcessor] State update` lines); silent when absent. */
	logger?: Logger
}

const failedAsks: ReadonlySet<ClineAsk> = new Set(["api_req_failed", "mistake_limit_reached"])

/**
 * The single source of truth for the agent's state on the client side (seed 000): host messages
 * go through the MessageProcessor into the StateStore, `detectAgentState` (from @cairn/types,
 * shared with the webview) computes the state, and changes come out as events.
 */
export class ExtensionClient extends EventEmitter<ExtensionClientEvents> {
	private readonly store = new StateStore()
	private readonly processor = new MessageProcessor(this.store)
	/** `${ts}:${ask}` of the last ask announced, so each ask is announced once. */
	private announcedAsk: string | undefined

	constructor(private readonly options: ExtensionClientOptions) {
		super()
	}

	get state(): StoreState {
		return this.store.state
	}

	getAgentState(): AgentStateInfo {
		return this.store.state.agentState
	}

	getCurrentMode(): string | undefined {
		return this.store.state.currentMode
	}

	getMessages(): readonly ClineMessage[] {
		return this.store.state.messages
	}

	getTaskId(): string | undefined {
		return this.store.state.taskId
	}

	get isInitialized(): boolean {
		return this.store.state.isInitialized
	}

	async sendMessage(message: WebviewMessage): Promise<void> {
		this.options.logger?.debug(`[ExtensionClient] send ${message.type}`, summarizeOutgoing(message))
		await this.options.sendMessage(message)
	}

	/** Entry point for everything the host posts (ExtensionHost delivers here). */
	handleExtensionMessage(message: ExtensionMessage): void {
		const result = this.processor.process(message)
		const state = this.store.state
		if (result.gap) {
			this.options.logger?.debug("[MessageProcessor] seq gap; asking for a fresh state", result.gap)
			void this.sendMessage({ type: "requestState" }).catch(() => undefined)
			return
		}
		if (result.error) {
			this.options.logger?.debug("[MessageProcessor] host error", { ...result.error })
			this.emit("hostError", result.error)
		}
		if (result.snapshot) {
			this.emit("snapshot", {
				taskId: state.taskId,
				previousTaskId: result.snapshot.previousTaskId,
				messages: state.messages,
				olderMessages: state.olderMessages,
				summary: state.summary,
				taskStack: state.taskStack,
			})
		}
		for (const updated of result.updated) this.emit("message", { message: updated })
		if (result.previousMode !== state.currentMode) {
			this.emit("modeChanged", { previousMode: result.previousMode, currentMode: state.currentMode })
		}
		if (result.snapshot || result.updated.length > 0) this.afterTranscriptChange(result.previousState)
	}

	private afterTranscriptChange(previous: AgentStateInfo): void {
		const current = this.store.state.agentState
		const changed =
			previous.state !== current.state ||
			previous.currentAsk !== current.currentAsk ||
			previous.lastMessageTs !== current.lastMessageTs ||
			previous.isStreaming !== current.isStreaming
		if (!changed) return
		this.logStateUpdate(previous, current)
		this.emit("stateChange", { previous, current })

		const last = lastStateMessage(this.store.state.messages)
		const ask = current.currentAsk
		if (!current.isWaitingForInput || ask === undefined || last === undefined) return
		const key = `${last.ts}:${ask}`
		if (key === this.announcedAsk) return
		this.announcedAsk = key
		this.options.logger?.debug("[MessageProcessor] EMIT waitingForInput", { ask })
		this.emit("waitingForInput", { ask, message: last, state: current })
		if (ask === "completion_result" || failedAsks.has(ask)) {
			const success = ask === "completion_result"
			this.options.logger?.debug("[MessageProcessor] EMIT taskCompleted", { success })
			this.emit("taskCompleted", { success, ask, message: last })
		}
	}

	private logStateUpdate(previous: AgentStateInfo, current: AgentStateInfo): void {
		const logger = this.options.logger
		if (logger === undefined) return
		const last = this.store.state.messages.at(-1)
		logger.debug("[MessageProcessor] State update", {
			messageCount: this.store.state.messages.length,
			lastMessage: last && {
				msgType: `${last.type}:${last.ask ?? last.say}`,
				partial: last.partial === true,
			},
			stateTransition: `${previous.state} → ${current.state}`,
			currentAsk: current.currentAsk,
			isWaitingForInput: current.isWaitingForInput,
		})
	}
}

/** Log fields for an outgoing message; user text is reduced to its length. */
function summarizeOutgoing(message: WebviewMessage): Record<string, unknown> {
	switch (message.type) {
		case "newTask":
			return { textLength: message.text.length }
		case "askResponse":
			return { askResponse: message.askResponse, textLength: message.text?.length ?? 0 }
		case "updateApiKey":
			return { provider: message.provider }
		case "showTaskWithId":
			return { taskId: message.taskId }
		default:
			return {}
	}
}
