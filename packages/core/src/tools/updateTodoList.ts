import { maxTodoContentLength, maxTodoItems, todoProgress } from "@cairn/types"
import { z } from "zod"
import type { ToolDefinition } from "./toolDefinition.js"

// Room for every item at its longest, with its checkbox.
const maxChecklistLength = maxTodoItems * (maxTodoContentLength + 10)

const params = z.object({
	todos: z
		.string()
		.max(maxChecklistLength, `the list is longer than ${maxChecklistLength} characters`)
		.describe(
			'The WHOLE list, one step a line: "- [ ] step" to do, "- [-] step" doing, "- [x] step" done.',
		),
})
export type UpdateTodoListParams = z.infer<typeof params>

/**
 * Replaces the task's todo list. It changes no file, so it asks no one: the list shows in the
 * transcript and the task header, where the person can edit it, and in the environment details.
 */
export const updateTodoListTool: ToolDefinition<UpdateTodoListParams> = {
	name: "update_todo_list",
	description: [
		"A todo list for a task of several steps: send it once you have a plan, then whenever a step starts or ends or the plan changes (one step in progress at a time). The environment details show it, with the user's edits.",
	].join("\n"),
	params,
	execute({ todos }, context) {
		if (context.todos === undefined)
			return Promise.resolve({
				content: "There is no task here to keep a todo list for.",
				isError: true,
			})
		const update = context.todos.replaceByModel(todos)
		if (!update.ok)
			return Promise.resolve({
				content: `The todo list was not updated. ${update.error}\nSend the whole list again with update_todo_list.`,
				isError: true,
			})
		return Promise.resolve({
			content: `The todo list is updated (${todoProgress(update.todos)}). The user sees it; the environment details show it from now on.`,
		})
	},
}
