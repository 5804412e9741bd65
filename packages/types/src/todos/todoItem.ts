import { z } from "zod"

export const todoStatuses = ["pending", "in_progress", "completed"] as const
export const todoStatusSchema = z.enum(todoStatuses)
export type TodoStatus = z.infer<typeof todoStatusSchema>

// Bounds on a list from a model or a client: far above a real plan, low enough that a runaway
// list cannot fill every request's environment details.
export const maxTodoItems = 100
export const maxTodoContentLength = 1_000
export const maxTodoIdLength = 100

/** One step of the task's plan. `id` stays the same across updates, so a client keeps its row. */
export const todoItemSchema = z.object({
	id: z.string(),
	content: z.string(),
	status: todoStatusSchema,
})
export type TodoItem = z.infer<typeof todoItemSchema>

/** A step's text: one line (the list is also written as a Markdown checklist), not empty. */
export const todoContentSchema = z
	.string()
	.trim()
	.min(1, "a todo item has no text")
	.max(maxTodoContentLength, `a todo item is longer than ${maxTodoContentLength} characters`)
	.refine((text) => !/[\r\n]/.test(text), "a todo item is one line")

/**
 * The whole list as a person edited it. Items they added have no `id` yet: the host gives them
 * one. The host keeps the ids it is sent, so a client's rows stay where they are.
 */
export const editedTodoListSchema = z
	.array(
		z.object({
			id: z.string().min(1).max(maxTodoIdLength).optional(),
			content: todoContentSchema,
			status: todoStatusSchema,
		}),
	)
	.max(maxTodoItems, `a todo list has at most ${maxTodoItems} items`)
export type EditedTodoList = z.infer<typeof editedTodoListSchema>
