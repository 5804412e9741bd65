import type { ClineAsk, ClineMessage, WebviewMessage } from "@cairn/types"
import type { ExtensionClient } from "../client/ExtensionClient.js"
import type { OutputFormat } from "../cli/commandLine.js"
import type { CliEvent } from "./cliEvents.js"
import {
	JsonResultRenderer,
	StreamJsonRenderer,
	type InitInfo,
	type Renderer,
	type RunResult,
} from "./renderers.js"
import { createStyle } from "./style.js"
import { TextRenderer } from "./TextRenderer.js"
import { TranscriptEvents } from "./TranscriptEvents.js"

export interface OutputManagerOptions {
	format: OutputFormat
	/** Where output goes; process.stdout by default, which JSON modes keep to themselves. */
	write?: (text: string) => void
	color?: boolean
}

/**
 * All of a run's stdout: the transcript as events (TranscriptEvents), rendered in the chosen
 * format. It writes to the real stdout even when console output is silenced for JSON modes.
 */
export class OutputManager {
	readonly transcript: TranscriptEvents
	private readonly renderer: Renderer
	private taskId: string | undefined
	private nextSnapshotIsHistory = false
	private initialized = false

	constructor(options: OutputManagerOptions) {
		const write = options.write ?? ((text: string) => void process.stdout.write(text))
		this.renderer =
			options.format === "stream-json"
				? new StreamJsonRenderer(write)
				: options.format === "json"
					? new JsonResultRenderer(write)
					: new TextRenderer(write, createStyle(options.color ?? false))
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

	event(event: CliEvent): void {
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
