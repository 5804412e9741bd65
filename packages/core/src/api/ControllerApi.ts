import {
	acceptsQueuedMessage,
	cairnConfigurationPatchSchema,
	chatControls,
	configurationMessages,
	imagesSchema,
	pressableButton,
	safeParse,
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
	parseWebviewMessage,
	profileNameSchema,
	sameProfileName,
	type ListedModel,
	type ProviderProfile,
	startWorktreeTaskOptionsSchema,
	type DiscardOutcome,
	type Landing,
	type TaskCard,
	type TaskDiff,
} from "@cairn/types"
import type { z } from "zod"
import { startBoardTasks } from "../controller/boardHandlers.js"
import type { Controller } from "../controller/Controller.js"
import { listingOptions, savedApiKey } from "../controller/modelListHandlers.js"
import { startPersonTask } from "../controller/slashCommandHandlers.js"
import { listModels } from "../providers/model-lists/listModels.js"
import { programRefusal } from "./programClient.js"

interface Queued {
	text: string
	images: string[]
}

/** Validates what another extension passed; bad input is a clear error naming the method. */
function parse<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
	const parsed = safeParse(schema, input)
	if (!parsed.success) throw new Error(`${what}: ${parsed.error}`)
	return parsed.data
}

/** The client message of `type` built from an API method's options, checked as the host checks any client's. */
function clientMessage<T extends WebviewMessage["type"]>(
	type: T,
	options: unknown,
	what: string,
): WebviewMessage {
	const fields = typeof options === "object" && options !== null ? options : {}
	const parsed = parseWebviewMessage({ ...fields, type })
	if (!parsed.success) throw new Error(`${what}: ${parsed.error}`)
	return parsed.data
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

	constructor(
		private readonly controller: Controller,
		/** The person let programs change trust settings (see configurationMessages). */
		private readonly options: { mayChangeTrust?: boolean } = {},
	) {
		controller.events.on("message", () => this.scheduleFlush())
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

	/** Starts it as the board does (beside the chat's task), so the room's rules hold for programs too. */
	async startTaskInWorktree(input: unknown): Promise<TaskCard> {
		const { name, base, ...task } = parse(startWorktreeTaskOptionsSchema, input, "startTaskInWorktree")
		const message = clientMessage(
			"startBoardTask",
			{ ...task, place: { kind: "worktree", ...(name && { name }), ...(base && { base }) } },
			"startTaskInWorktree",
		)
		if (message.type !== "startBoardTask") throw new Error("startTaskInWorktree: not a board start")
		let failure: string | undefined
		const [taskId] = await startBoardTasks(this.controller, message, (reply) => {
			if (reply.type === "error") failure = reply.error
		})
		if (taskId === undefined) throw new Error(`startTaskInWorktree: ${failure ?? "no task started"}`)
		return this.cardOf(taskId, "startTaskInWorktree")
	}

	async listTasks(): Promise<TaskCard[]> {
		let cards: TaskCard[] | undefined
		await this.send({ type: "requestTaskBoard" }, (reply) => {
			if (reply.type === "taskBoard") cards = reply.cards
		})
		if (cards === undefined) throw new Error("listTasks: the host did not answer")
		return cards
	}

	/** Read from the worktree, not through the board's review: that also opens the editor's diff view. */
	async getTaskDiff(taskId: unknown): Promise<TaskDiff> {
		const id = parse(taskIdSchema, taskId, "getTaskDiff")
		const worktrees = this.controller.worktrees
		if (worktrees === undefined)
			throw new Error("getTaskDiff: this workspace has no task worktrees (it is not a git repository)")
		if (this.controller.historyItem(id)?.worktree === undefined)
			throw new Error(`getTaskDiff: task ${id} has no worktree`)
		return { taskId: id, ...(await worktrees.diff(id)) }
	}

	async landTask(taskId: unknown, how: unknown): Promise<Landing> {
		const message = clientMessage("landCard", { taskId, how }, "landTask")
		await this.send(message)
		const landing = this.controller.historyItem(String(taskId))?.landing
		if (landing === undefined) throw new Error(`landTask: task ${String(taskId)} was not landed`)
		return landing
	}

	async discardTask(taskId: unknown, confirmedLoss?: unknown): Promise<DiscardOutcome> {
		const message = clientMessage(
			"discardCard",
			{ taskId, ...(confirmedLoss !== undefined && { confirmedLoss }) },
			"discardTask",
		)
		let loss: string[] | undefined
		await this.send(message, (reply) => {
			if (reply.type === "discardNeedsConfirmation") loss = reply.loss
		})
		return loss === undefined ? { discarded: true } : { discarded: false, loss }
	}

	private async cardOf(taskId: string, what: string): Promise<TaskCard> {
		const card = (await this.controller.board.cards()).find((c) => c.taskId === taskId)
		if (card === undefined) throw new Error(`${what}: task ${taskId} has no card`)
		return card
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

	private async send(message: WebviewMessage, onReply?: (reply: ExtensionMessage) => void): Promise<void> {
		const refused = programRefusal(message, this.options.mayChangeTrust === true)
		if (refused !== undefined) throw new Error(refused)
		let failure: string | undefined
		await this.controller.handleWebviewMessage(message, (reply) => {
			if (reply.type === "error") failure = reply.error
			onReply?.(reply)
		})
		if (failure !== undefined) throw new Error(failure)
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
