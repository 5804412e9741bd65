import type { ClineAsk, ClineMessage, WebviewMessage } from "@cairn/types"
import type { ExtensionClient } from "../client/ExtensionClient.js"
import type { InitInfo, Renderer, RunResult } from "./streamJson.js"
import type { StreamEvent } from "./streamEvents.js"
import { TranscriptEvents } from "./TranscriptEvents.js"

/**
 * Everything a client's output shows: the transcript it follows as events (TranscriptEvents),
 * rendered by one renderer (the CLI's stdout in its chosen format, or an IPC connection).
 */
export class OutputManager {
	readonly transcript: TranscriptEvents
	private taskId: string | undefined
	private nextSnapshotIsHistory = false
	private initialized = false

	constructor(private readonly renderer: Renderer) {
		this.transcript = new TranscriptEvents((event) => this.renderer.event(event))
	}

	/** Follows the client's transcript until the returned function is called. */
	attach(client: ExtensionClient): () => void {
		const onSnapshot = ({
			taskId,
			messages,
		}: {
			taskId: string | undefined
			messages: readonly ClineMessage[]
		}) => {
			if (taskId !== undefined && taskId === this.taskId) {
				// A fresh snapshot of the same task (a gap was repaired): report only what is new.
				for (const message of messages) this.transcript.upsert(message)
				return
			}
			this.taskId = taskId
			this.transcript.reset()
			if (taskId === undefined) return
			if (this.nextSnapshotIsHistory) {
				this.nextSnapshotIsHistory = false
				this.transcript.absorb(messages)
				const task = messages[0]?.text ?? ""
				this.event({
					type: "system",
					subtype: "task_resumed",
					taskId,
					task,
					messageCount: messages.length,
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
