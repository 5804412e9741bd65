import {
	activeIntentOf,
	affectsContextUsage,
	contextUsageOf,
	currentTodos,
	movesTotals,
	taskSummaryOf,
	taskTextOf,
	updateTotals,
	type ClineMessage,
	type TaskSummary,
} from "@cairn/types"

/** A row that may set the todo list (currentTodos reads only these). */
const mayBeTodoRow = (message: ClineMessage) =>
	(message.say === "tool" || message.say === "user_edit_todos") &&
	message.text?.includes('"updateTodoList"') === true

/**
 * Keeps one task's summary current as its messages change: the whole transcript is read once,
 * then each change touches only the figures it can move (a text token moves none), so the work
 * per update does not grow with the task.
 */
export class TaskSummaryTracker {
	private summary: TaskSummary
	private unsent = false
	/** The task's request and condense rows by ts, as last counted in the totals. */
	private readonly counted = new Map<number, ClineMessage>()

	constructor(private readonly messages: () => readonly ClineMessage[]) {
		const all = messages()
		this.summary = taskSummaryOf(all)
		for (const message of all) if (movesTotals(message)) this.counted.set(message.ts, message)
	}

	get current(): TaskSummary {
		return this.summary
	}

	/** Takes in a message as it now is (already in the task's transcript). */
	observe(message: ClineMessage): void {
		const all = this.messages()
		const previous = this.counted.get(message.ts)
		let next = this.summary
		if (movesTotals(message) || previous !== undefined) {
			next = { ...next, totals: updateTotals(next.totals, previous, message) }
			if (movesTotals(message)) this.counted.set(message.ts, message)
			else this.counted.delete(message.ts)
		}
		// A failed condense turns its row into another kind, so the row before counts too.
		if (affectsContextUsage(message) || (previous !== undefined && affectsContextUsage(previous)))
			next = { ...next, context: contextUsageOf(all) }
		if (message.say === "hook") next = withOptional(next, "activeIntent", activeIntentOf(all))
		if (mayBeTodoRow(message) || message.ts === next.todos?.ts)
			next = withOptional(next, "todos", currentTodos(all))
		if (all[0]?.ts === message.ts) next = withOptional(next, "taskText", taskTextOf(message))
		if (next !== this.summary) {
			this.summary = next
			this.unsent = true
		}
	}

	/** The summary if it changed since it was last taken, for the next delta to carry. */
	takeChange(): TaskSummary | undefined {
		if (!this.unsent) return undefined
		this.unsent = false
		return this.summary
	}

	/** The summary for a snapshot, which counts as sending it. */
	takeCurrent(): TaskSummary {
		this.unsent = false
		return this.summary
	}
}

function withOptional<K extends "activeIntent" | "todos" | "taskText">(
	summary: TaskSummary,
	key: K,
	value: TaskSummary[K],
): TaskSummary {
	if (value === undefined) {
		if (summary[key] === undefined) return summary
		const rest = { ...summary }
		delete rest[key]
		return rest
	}
	return { ...summary, [key]: value }
}
