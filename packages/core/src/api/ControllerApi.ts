import {
	acceptsQueuedMessage,
	cairnConfigurationPatchSchema,
	chatControls,
	configurationMessages,
	imagesSchema,
	pressableButton,
	sendMode,
	startTaskOptionsSchema,
	taskIdSchema,
	userTextSchema,
	type ButtonRole,
	type CairnSettings,
	type ClineMessage,
	type WebviewMessage,
	type CheckpointDiff,
	type CheckpointInfo,
	type McpSnapshot,
	type ExtensionMessage,
	checkpointOf,
	lastStateMessage,
	profileNameSchema,
	sameProfileName,
	type ListedModel,
	type ProviderProfile,
	type DiscardOutcome,
	type Landing,
	type TaskCard,
	type TaskDiff,
} from "@cairn/types"
import type { Controller } from "../controller/Controller.js"
import { listingOptions, savedApiKey } from "../controller/modelListHandlers.js"
import { startPersonTask } from "../controller/slashCommandHandlers.js"
import { listModels } from "../providers/model-lists/listModels.js"
import { clientMessage, parse, sendAsProgram } from "./programClient.js"
import { TaskBoardApi } from "./TaskBoardApi.js"

interface Queued {
	text: string
	images: string[]
}

/** Lets the task register its wait for an ask it has just shown before an answer arrives. */
const afterCurrentEvents = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The methods of the public API, over a Controller. Every action goes through the protocol the
 * webview speaks (`handleWebviewMessage`), so the API, the webview and the CLI cannot disagree:
 * buttons are `chatControls`' buttons, sending text follows the chat box's `sendMode`.
 */
export class ControllerApi {
	/** Text sent while the agent worked, delivered at the next ask that takes it (as the chat box queues). */
	private readonly queue: Queued[] = []
	private flushedAskTs: number | undefined
	private flushScheduled = false
	private readonly board: TaskBoardApi

	constructor(
		private readonly controller: Controller,
		/** The person let programs change trust settings (see configurationMessages). */
		private readonly options: { mayChangeTrust?: boolean } = {},
	) {
		controller.events.on("message", () => this.scheduleFlush())
		this.board = new TaskBoardApi(controller)
	}

	async startNewTask(input: unknown): Promise<string> {
		const options = parse(startTaskOptionsSchema, input, "startNewTask")
		if (options.configuration !== undefined) await this.setConfiguration(options.configuration)
		// Messages queued for the task being replaced are not for the new one.
		this.queue.length = 0
		const taskId = await this.startAsPerson(options.text, options.images ?? [], "startNewTask")
		if (taskId === undefined)
			throw new Error(
				`startNewTask: "${options.text.slice(0, 100)}" started no task (a slash command like /mode acted instead)`,
			)
		return taskId
	}

	async sendMessage(text: unknown = "", images: unknown = []): Promise<void> {
		const message = {
			text: parse(userTextSchema, text, "sendMessage").trim(),
			images: parse(imagesSchema, images, "sendMessage"),
		}
		if (message.text === "" && message.images.length === 0)
			throw new Error("sendMessage: there is nothing to send (no text, no images)")
		const messages = this.messages()
		switch (sendMode(messages, chatControls(messages))) {
			case "newTask":
				await this.startAsPerson(message.text, message.images, "sendMessage")
				return
			case "answer":
				await afterCurrentEvents()
				return this.send(answerWith(message))
			case "queue":
				this.queue.push(message)
				return
			case "disabled":
				throw new Error(
					"sendMessage: the current ask takes no text; use pressPrimaryButton or pressSecondaryButton",
				)
		}
	}

	/** Presses the button the chat shows for the current ask; false when there is no enabled one. */
	async pressButton(role: ButtonRole): Promise<boolean> {
		await afterCurrentEvents()
		const button = pressableButton(chatControls(this.messages()), role)
		if (button === undefined) return false
		await this.send(button.message)
		return true
	}

	async cancelCurrentTask(): Promise<void> {
		await this.send({ type: "cancelTask" })
	}

	async clearCurrentTask(): Promise<void> {
		this.queue.length = 0
		await this.send({ type: "clearTask" })
	}

	/** Checked here as well as by the handler, so the error names the method. */
	async condenseTaskContext(): Promise<void> {
		if (this.controller.currentTask === undefined)
			throw new Error("condenseTaskContext: there is no current task to condense")
		await this.send({ type: "condenseTaskContextRequest" })
	}

	getMcpServers(): McpSnapshot {
		return this.controller.mcpSnapshot()
	}

	getCheckpoints(): CheckpointInfo[] {
		return this.messages().flatMap((message) => {
			const checkpoint = checkpointOf(message)
			if (checkpoint === undefined) return []
			return [
				{
					ts: message.ts,
					id: checkpoint.commit,
					reason: checkpoint.reason,
					...(checkpoint.restore && { restoredTo: checkpoint.restore.restoredTo }),
				},
			]
		})
	}

	async restoreCheckpoint(options: unknown): Promise<void> {
		await this.send(clientMessage("checkpointRestore", options, "restoreCheckpoint"))
	}

	async getCheckpointDiff(options: unknown): Promise<CheckpointDiff> {
		let answer: CheckpointDiff | undefined
		await this.send(clientMessage("checkpointDiff", options, "getCheckpointDiff"), (reply) => {
			if (reply.type === "checkpointDiff") {
				const { type: _type, ...diff } = reply
				answer = diff
			}
		})
		if (answer === undefined) throw new Error("getCheckpointDiff: the host did not answer")
		return answer
	}

	async editMessage(options: unknown): Promise<void> {
		await this.send(clientMessage("editMessage", options, "editMessage"))
	}

	async deleteMessage(options: unknown): Promise<void> {
		await this.send(clientMessage("deleteMessage", options, "deleteMessage"))
	}

	async resumeTask(taskId: unknown): Promise<void> {
		const id = parse(taskIdSchema, taskId, "resumeTask")
		this.queue.length = 0
		await this.send({ type: "showTaskWithId", taskId: id })
	}

	isTaskInHistory(taskId: unknown): boolean {
		return typeof taskId === "string" && this.controller.historyItem(taskId) !== undefined
	}

	getCurrentTaskStack(): string[] {
		return this.controller.currentTaskStack()
	}

	/** A copy: changing it changes nothing (setConfiguration does). */
	getConfiguration(): CairnSettings {
		return structuredClone(this.controller.settingsStore.settings)
	}

	async setConfiguration(values: unknown): Promise<void> {
		const patch = parse(cairnConfigurationPatchSchema, values, "setConfiguration")
		const messages = configurationMessages(patch, {
			current: this.controller.settingsStore.settings,
			mayChangeTrust: this.options.mayChangeTrust === true,
		})
		if (!messages.success) throw new Error(`setConfiguration: ${messages.error}`)
		for (const message of messages.data) await this.send(message)
	}

	async listModels(): Promise<ListedModel[]> {
		const settings = this.controller.settingsStore.settings.provider
		if (settings === undefined) throw new Error("listModels: no provider is configured yet.")
		return listModels(
			settings,
			await savedApiKey(this.controller, settings.provider),
			listingOptions(this.controller),
		)
	}

	getProfiles(): { profiles: ProviderProfile[]; currentProfileId: string | undefined } {
		const { profiles, currentProfileId } = structuredClone(this.controller.settingsStore.settings)
		return { profiles, currentProfileId }
	}

	async selectProfile(name: unknown): Promise<void> {
		const wanted = parse(profileNameSchema, name, "selectProfile")
		const profiles = this.controller.settingsStore.profiles
		const profile = profiles.find((saved) => sameProfileName(saved.name, wanted))
		if (profile === undefined)
			throw new Error(
				`selectProfile: there is no profile "${wanted}". Profiles: ${profiles.map((p) => p.name).join(", ") || "none"}`,
			)
		await this.send({ type: "selectProfile", profileId: profile.id })
	}

	startTaskInWorktree(input: unknown): Promise<TaskCard> {
		return this.board.startTaskInWorktree(input)
	}

	listTasks(): Promise<TaskCard[]> {
		return this.board.listTasks()
	}

	getTaskDiff(taskId: unknown): Promise<TaskDiff> {
		return this.board.getTaskDiff(taskId)
	}

	landTask(taskId: unknown, how: unknown): Promise<Landing> {
		return this.board.landTask(taskId, how)
	}

	discardTask(taskId: unknown, confirmedLoss?: unknown): Promise<DiscardOutcome> {
		return this.board.discardTask(taskId, confirmedLoss)
	}

	private messages(): readonly ClineMessage[] {
		return this.controller.currentTask?.messages ?? []
	}

	/** Sends a message as a client would; the error the Controller answers with is thrown. */
	/** Starts a task as the chat box does: a slash command acts or expands first. */
	private async startAsPerson(text: string, images: string[], what: string): Promise<string | undefined> {
		let failure: string | undefined
		const taskId = await startPersonTask(this.controller, text, images, (reply) => {
			if (reply.type === "error") failure = reply.error
		})
		if (failure !== undefined) throw new Error(`${what}: ${failure}`)
		return taskId
	}

	private send(message: WebviewMessage, onReply?: (reply: ExtensionMessage) => void): Promise<void> {
		return sendAsProgram(this.controller, message, this.options.mayChangeTrust === true, onReply)
	}

	private scheduleFlush(): void {
		if (this.queue.length === 0 || this.flushScheduled) return
		this.flushScheduled = true
		void afterCurrentEvents().then(() => {
			this.flushScheduled = false
			return this.flush()
		})
	}

	/** Sends the oldest queued text if the current ask takes it; each ask gets at most one. */
	private async flush(): Promise<void> {
		const next = this.queue[0]
		const messages = this.messages()
		const last = lastStateMessage(messages)
		if (next === undefined || last === undefined || last.ts === this.flushedAskTs) return
		if (!acceptsQueuedMessage(messages, chatControls(messages))) return
		this.queue.shift()
		this.flushedAskTs = last.ts
		await this.send(answerWith(next)).catch((error: unknown) =>
			this.controller.host.logger.error("A queued API message could not be delivered", {
				error: String(error),
			}),
		)
	}
}

function answerWith({ text, images }: Queued): WebviewMessage {
	return {
		type: "askResponse",
		askResponse: "messageResponse",
		...(text !== "" && { text }),
		...(images.length > 0 && { images }),
	}
}
