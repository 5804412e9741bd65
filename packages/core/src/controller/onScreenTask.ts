import type { ExtensionMessage, ExtensionState } from "@cairn/types"
import type { Task } from "../task/Task.js"
import { OffScreenPreviews } from "../tasks/offScreenPreviews.js"
import { DeltaStream } from "./deltaStream.js"
import type { SettingsStore } from "./settingsStore.js"

export interface OnScreenParts {
	settingsStore: SettingsStore
	broadcast(message: ExtensionMessage): void
	/** The chat's model follows the profile `mode` remembers (started before the mode is saved). */
	followMode(mode: string): Promise<void>
}

/**
 * The chat: a view of one task of the room, with its own delta stream. Showing a task ends
 * nothing; what happens to the task that goes out of view is the Controller's to decide.
 */
export class OnScreenTask {
	private shown: { task: Task; deltas: DeltaStream } | undefined
	/** The edits tasks propose: in the editor for the task shown here, held back for the others. */
	readonly previews = new OffScreenPreviews((taskId) => this.shown?.task.taskId === taskId)

	constructor(private readonly parts: OnScreenParts) {}

	get task(): Task | undefined {
		return this.shown?.task
	}

	/** What a client's snapshot shows of the task: its newest page, its summary and the seq it is at. */
	opening(): (ReturnType<DeltaStream["opening"]> & Pick<ExtensionState, "seq">) | undefined {
		const shown = this.shown
		if (shown === undefined) return undefined
		return { ...shown.deltas.opening(shown.task.messages), seq: shown.deltas.lastSeq }
	}

	/** Shows `task`; the chat's mode follows it, and the edit it waits on opens in the editor. */
	async show(task: Task): Promise<void> {
		this.shown?.deltas.flush()
		this.shown = { task, deltas: DeltaStream.ofTask(task, (m) => this.parts.broadcast(m)) }
		await this.showMode(task.currentMode)
		await this.previews.show(task.taskId)
	}

	/** Takes the task off screen (what it streamed is sent first); returns it. */
	take(): Task | undefined {
		const shown = this.shown
		shown?.deltas.flush()
		this.shown = undefined
		return shown?.task
	}

	/** Wires a task of the room to the chat: its messages and mode reach clients while it is shown. */
	follow(task: Task, logError: (error: unknown) => void): void {
		task.on("message", ({ message, passing }) => {
			if (this.shown?.task === task) this.shown.deltas.push(message, passing)
		})
		task.on("taskModeSwitched", (mode) => {
			if (this.shown?.task === task) void this.showMode(mode).catch(logError)
		})
	}

	/** The chat's mode follows the task on screen (a switch_mode, a subtask in its own mode). */
	private async showMode(mode: string): Promise<void> {
		const store = this.parts.settingsStore
		if (store.settings.mode === mode) return
		// Started first: the task's next request waits for the model the mode remembers.
		const following = this.parts.followMode(mode)
		await store.update({ mode })
		this.parts.broadcast({ type: "modeChanged", mode })
		await following
	}
}
