import type { TaskBoardApi } from "../api/TaskBoardApi.js"
import type { StreamCommand, StreamCommandOf } from "./streamCommands.js"

/** The stream commands that act on the board's tasks rather than the chat's. */
export type TaskCommand = StreamCommandOf<
	"startInWorktree" | "listTasks" | "taskDiff" | "landTask" | "discardTask"
>

export const isTaskCommand = (command: StreamCommand): command is TaskCommand =>
	command.command === "startInWorktree" ||
	command.command === "listTasks" ||
	command.command === "taskDiff" ||
	command.command === "landTask" ||
	command.command === "discardTask"

/** What the board's tasks are reached through (the API's own methods, so the socket and the API agree). */
export type TaskCommandPort = Pick<
	TaskBoardApi,
	"startTaskInWorktree" | "listTasks" | "getTaskDiff" | "landTask" | "discardTask"
>

/** The `done` line's code and fields for a task command; rejects with the host's reason when refused. */
export async function runTaskCommand(
	command: TaskCommand,
	tasks: TaskCommandPort,
): Promise<{ code: string; fields: Record<string, unknown> }> {
	switch (command.command) {
		case "startInWorktree": {
			const card = await tasks.startTaskInWorktree({
				text: command.prompt,
				...(command.name !== undefined && { name: command.name }),
				...(command.base !== undefined && { base: command.base }),
				...(command.mode !== undefined && { mode: command.mode }),
			})
			return { code: "started", fields: { card } }
		}
		case "listTasks":
			return { code: "tasks", fields: { cards: await tasks.listTasks() } }
		case "taskDiff":
			return { code: "diff", fields: { diff: await tasks.getTaskDiff(command.taskId) } }
		case "landTask":
			return { code: "landed", fields: { landing: await tasks.landTask(command.taskId, command.how) } }
		case "discardTask": {
			const outcome = await tasks.discardTask(command.taskId, command.confirmedLoss)
			return outcome.discarded
				? { code: "discarded", fields: {} }
				: { code: "needs_confirmation", fields: { loss: outcome.loss } }
		}
	}
}
