import type {
	ListedModel,
	CheckpointDiff,
	CheckpointInfo,
	McpSnapshot,
	CairnAPI,
	CairnAPIEvents,
	CairnConfigurationPatch,
	CairnSettings,
	ProviderProfile,
	StartTaskOptions,
	StartWorktreeTaskOptions,
	DiscardOutcome,
	LandHow,
	Landing,
	TaskCard,
	TaskDiff,
} from "@cairn/types"
import { IsolatedEmitter } from "../controller/isolatedEmitter.js"
import type { ControllerApi } from "./ControllerApi.js"

export interface CairnApiOptions {
	/** The agent's side of the API, loaded on first use (the extension loads its agent lazily). */
	load: () => Promise<ControllerApi>
	isReady: () => boolean
	/** Told about a listener that threw; the event still reaches the other listeners. */
	onListenerError: (event: string, error: unknown) => void
}

/**
 * The public API object (seed 002), usable before the agent exists: listeners can be added at
 * once, and each method loads the agent, then runs on its Controller. Give this object to the
 * Controller as its `events` so listeners hear every event. It imports nothing heavy, so an
 * extension can hand it out at activation.
 */
export class CairnApi extends IsolatedEmitter<CairnAPIEvents> implements CairnAPI {
	constructor(private readonly options: CairnApiOptions) {
		super(options.onListenerError)
	}

	async startNewTask(options: StartTaskOptions): Promise<string> {
		return (await this.options.load()).startNewTask(options)
	}

	async sendMessage(text?: string, images?: string[]): Promise<void> {
		return (await this.options.load()).sendMessage(text, images)
	}

	async pressPrimaryButton(): Promise<boolean> {
		return (await this.options.load()).pressButton("primary")
	}

	async pressSecondaryButton(): Promise<boolean> {
		return (await this.options.load()).pressButton("secondary")
	}

	async cancelCurrentTask(): Promise<void> {
		return (await this.options.load()).cancelCurrentTask()
	}

	async clearCurrentTask(): Promise<void> {
		return (await this.options.load()).clearCurrentTask()
	}

	async condenseTaskContext(): Promise<void> {
		return (await this.options.load()).condenseTaskContext()
	}

	async getMcpServers(): Promise<McpSnapshot> {
		return (await this.options.load()).getMcpServers()
	}

	async getCheckpoints(): Promise<CheckpointInfo[]> {
		return (await this.options.load()).getCheckpoints()
	}

	async restoreCheckpoint(options: { ts: number; mode: "files" | "filesAndTask" }): Promise<void> {
		return (await this.options.load()).restoreCheckpoint(options)
	}

	async getCheckpointDiff(options: { ts: number; since: "checkpoint" | "task" }): Promise<CheckpointDiff> {
		return (await this.options.load()).getCheckpointDiff(options)
	}

	async editMessage(options: {
		ts: number
		text: string
		images?: string[]
		restoreFiles: boolean
	}): Promise<void> {
		return (await this.options.load()).editMessage(options)
	}

	async deleteMessage(options: { ts: number; restoreFiles: boolean }): Promise<void> {
		return (await this.options.load()).deleteMessage(options)
	}

	async resumeTask(taskId: string): Promise<void> {
		return (await this.options.load()).resumeTask(taskId)
	}

	async isTaskInHistory(taskId: string): Promise<boolean> {
		return (await this.options.load()).isTaskInHistory(taskId)
	}

	async getCurrentTaskStack(): Promise<string[]> {
		return (await this.options.load()).getCurrentTaskStack()
	}

	async getConfiguration(): Promise<CairnSettings> {
		return (await this.options.load()).getConfiguration()
	}

	async setConfiguration(values: CairnConfigurationPatch): Promise<void> {
		return (await this.options.load()).setConfiguration(values)
	}

	async getProfiles(): Promise<{ profiles: ProviderProfile[]; currentProfileId: string | undefined }> {
		return (await this.options.load()).getProfiles()
	}

	async selectProfile(name: string): Promise<void> {
		return (await this.options.load()).selectProfile(name)
	}

	async listModels(): Promise<ListedModel[]> {
		return (await this.options.load()).listModels()
	}

	async startTaskInWorktree(options: StartWorktreeTaskOptions): Promise<TaskCard> {
		return (await this.options.load()).startTaskInWorktree(options)
	}

	async listTasks(): Promise<TaskCard[]> {
		return (await this.options.load()).listTasks()
	}

	async getTaskDiff(taskId: string): Promise<TaskDiff> {
		return (await this.options.load()).getTaskDiff(taskId)
	}

	async landTask(taskId: string, how: LandHow): Promise<Landing> {
		return (await this.options.load()).landTask(taskId, how)
	}

	async discardTask(taskId: string, confirmedLoss?: string[]): Promise<DiscardOutcome> {
		return (await this.options.load()).discardTask(taskId, confirmedLoss)
	}

	isReady(): boolean {
		return this.options.isReady()
	}
}
