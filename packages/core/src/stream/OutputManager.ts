import type { ClineAsk, ClineMessage, TaskSummary, WebviewMessage } from "@cairn/types"
import type { ExtensionClient } from "../client/ExtensionClient.js"
import type { InitInfo, Renderer, RunResult } from "./streamJson.js"
import type { StreamEvent } from "./streamEvents.js"
import { TranscriptEvents } from "./TranscriptEvents.js"

/**
 * Everything a client's output shows: the transcript it follows as events (TranscriptEvents),
 * rendered by one renderer (the CLI's stdout in its chosen format, or an IPC connection).
 */
export class OutputManager {
	private current: TranscriptEvents
	/** The transcripts of the parents waiting for the subtask followed now, by task id. */
	private readonly waitingParents = new Map<string, TranscriptEvents>()
	private taskId: string | undefined
	private taskStack: readonly string[] = []
	private nextSnapshotIsHistory = false
	private initialized = false

	constructor(private readonly renderer: Renderer) {
		this.current = this.newTranscript()
	}

	/** The transcript of the task followed now (a subtask's while it runs). */
	get transcript(): TranscriptEvents {
		return this.current
	}

	private newTranscript(): TranscriptEvents {
		return new TranscriptEvents((event) => this.renderer.event(event))
	}

	/**
	 * Follows a subtask (its parent's rows stay known, for when it returns) or a parent it
	 * returned to (only its new rows are news). False when the switch is no move in a stack.
	 */
	private followStack(
		taskId: string,
		messages: readonly ClineMessage[],
		taskStack: readonly string[],
	): boolean {
		const previous = this.taskId
		const previousStack = this.taskStack
		this.taskStack = taskStack
		if (previous === undefined) return false
		if (taskStack.at(-2) === previous) {
			this.waitingParents.set(previous, this.current)
			this.current = this.newTranscript()
			this.taskId = taskId
			this.event({ type: "system", subtype: "subtask_started", taskId, parentTaskId: previous })
			for (const message of messages) this.current.upsert(message)
			return true
		}
		if (!previousStack.includes(taskId)) return false
		this.current.reset()
		const parent = this.waitingParents.get(taskId)
		this.waitingParents.delete(taskId)
		this.current = parent ?? this.newTranscript()
		this.taskId = taskId
		this.event({ type: "system", subtype: "subtask_returned", taskId: previous, parentTaskId: taskId })
		// A parent reopened from disk (a resumed stack): what it shows now is history.
		if (parent === undefined) this.current.absorb(messages)
		else for (const message of messages) this.current.upsert(message)
		return true
	}

	/** Follows the client's transcript until the returned function is called. */
	attach(client: ExtensionClient): () => void {
		const onSnapshot = ({
			taskId,
			messages,
			olderMessages,
			summary,
			taskStack,
		}: {
			taskId: string | undefined
			messages: readonly ClineMessage[]
			olderMessages: number
			summary: TaskSummary
			taskStack: readonly string[]
		}) => {
			if (taskId !== undefined && taskId === this.taskId) {
				// A fresh snapshot of the same task (a gap was repaired): report only what is new.
				for (const message of messages) this.transcript.upsert(message)
				return
			}
			if (taskId !== undefined && this.followStack(taskId, messages, taskStack)) return
			this.waitingParents.clear()
			this.taskId = taskId
			this.transcript.reset()
			if (taskId === undefined) return
			if (this.nextSnapshotIsHistory) {
				this.nextSnapshotIsHistory = false
				// A long task's snapshot holds its newest page: the whole task's figures are the summary's.
				this.transcript.absorb(messages, summary.totals)
				this.event({
					type: "system",
					subtype: "task_resumed",
					taskId,
					task: summary.taskText ?? messages[0]?.text ?? "",
					messageCount: olderMessages + messages.length,
				})
				return
			}
			this.event({ type: "system", subtype: "task_started", taskId })
			for (const message of messages) this.transcript.upsert(message)
		}
		const onMessage = ({ message }: { message: ClineMessage }) => this.transcript.upsert(message)
		const onMode = ({ previousMode, currentMode }: { previousMode?: string; currentMode?: string }) => {
			if (this.initialized && previousMode !== undefined && currentMode !== undefined)
				this.event({ type: "system", subtype: "mode_changed", mode: currentMode })
		}
		client.on("snapshot", onSnapshot)
		client.on("message", onMessage)
		client.on("modeChanged", onMode)
		return () => {
			client.off("snapshot", onSnapshot)
			client.off("message", onMessage)
			client.off("modeChanged", onMode)
		}
	}

	/** The next task shown is read back from disk: its rows are history, not news. */
	expectResumedTask(): void {
		this.nextSnapshotIsHistory = true
	}

	init(info: InitInfo): void {
		this.initialized = true
		this.renderer.init(info)
	}

	event(event: StreamEvent): void {
		this.renderer.event(event)
	}

	answered(ts: number, ask: ClineAsk, reply: WebviewMessage, by: "auto" | "person"): void {
		this.transcript.answered(ts, ask, reply, by)
	}

	notice(text: string): void {
		this.renderer.notice(text)
	}

	control(line: Record<string, unknown>): void {
		this.renderer.control(line)
	}

	result(result: RunResult): void {
		this.transcript.endCall("cancelled")
		this.renderer.result(result)
	}
}
