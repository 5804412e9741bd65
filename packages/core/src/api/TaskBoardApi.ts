import {
	startWorktreeTaskOptionsSchema,
	taskIdSchema,
	type DiscardOutcome,
	type ExtensionMessage,
	type Landing,
	type TaskCard,
	type TaskDiff,
	type WebviewMessage,
} from "@cairn/types"
import { startBoardTasks } from "../controller/boardHandlers.js"
import type { Controller } from "../controller/Controller.js"
import { clientMessage, parse, sendAsProgram } from "./programClient.js"

/**
 * What a program does with the board's tasks (the API, the IPC socket, the CLI's task commands):
 * each goes through the board's own handlers, so a program starts, lands and discards exactly as
 * the board does, refusals included.
 */
export class TaskBoardApi {
	constructor(private readonly controller: Controller) {}

	/** Starts it as the board does (beside the chat's task), so the room's rules hold for programs too. */
	async startTaskInWorktree(input: unknown): Promise<TaskCard> {
		const { name, base, ...task } = parse(startWorktreeTaskOptionsSchema, input, "startTaskInWorktree")
		const message = clientMessage(
			"startBoardTask",
			{ ...task, place: { kind: "worktree", ...(name && { name }), ...(base && { base }) } },
			"startTaskInWorktree",
		)
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
		if (this.controller.historyItem(id)?.worktree === undefined)
			throw new Error(`getTaskDiff: task ${id} has no worktree`)
		return { taskId: id, ...(await this.controller.worktrees.diff(id)) }
	}

	async landTask(taskId: unknown, how: unknown): Promise<Landing> {
		const message = clientMessage("landCard", { taskId, how }, "landTask")
		await this.send(message)
		const landing = this.controller.historyItem(message.taskId)?.landing
		if (landing === undefined) throw new Error(`landTask: task ${message.taskId} was not landed`)
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
		const card = await this.controller.board.cardOf(taskId)
		if (card === undefined) throw new Error(`${what}: task ${taskId} has no card`)
		return card
	}

	private send(message: WebviewMessage, onReply?: (reply: ExtensionMessage) => void): Promise<void> {
		// Nothing here changes a trust setting: these go as any program's messages do.
		return sendAsProgram(this.controller, message, false, onReply)
	}
}
