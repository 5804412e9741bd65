import {
	activeIntentOf,
	affectsContextUsage,
	contextUsageOf,
	currentTodos,
	taskSummaryOf,
	taskTextOf,
	type ClineMessage,
	type TaskSummary,
	type TaskTotals,
} from "@cairn/types"

/** A row that may set the todo list (currentTodos reads only these). */
const mayBeTodoRow = (message: ClineMessage) =>
	(message.say === "tool" || message.say === "user_edit_todos") &&
	message.text?.includes('"updateTodoList"') === true

/**
 * Keeps one task's summary current as its messages change: the whole transcript is read once,
 * then each change touches only the figures it can move (a text token moves none), so the work
 * per update does not grow with the task. The totals are the task's ledger's (`totals`), never
 * sums of rows: deleting a row does not lower what was spent.
 */
export class TaskSummaryTracker {
	private summary: TaskSummary
	private unsent = false

	constructor(
		private readonly messages: () => readonly ClineMessage[],
		private readonly totals: () => TaskTotals,
	) {
		this.summary = { ...taskSummaryOf(messages()), totals: totals() }
	}

	get current(): TaskSummary {
		return this.summary
	}

	/** Takes in a message as it now is (already in the task's transcript). */
	observe(message: ClineMessage): void {
		const all = this.messages()
		let next = this.summary
		const totals = this.totals()
		if (!sameTotals(totals, next.totals)) next = { ...next, totals }
		// A failed condense turns its row into another kind: its old kind may have moved the figures.
		if (affectsContextUsage(message) || message.say === "condense_context_error")
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

/** The ledger hands out the same object until it changes; other sources are compared by figures. */
function sameTotals(a: TaskTotals, b: TaskTotals): boolean {
	if (a === b) return true
	const figures = ["requests", "cost", "tokensIn", "tokensOut", "cacheReads", "cacheWrites"] as const
	return (
		figures.every((key) => a[key] === b[key]) &&
		a.unpriced === b.unpriced &&
		a.estimated === b.estimated &&
		a.reasoningTokens === b.reasoningTokens &&
		a.subtasks?.cost === b.subtasks?.cost &&
		a.subtasks?.requests === b.subtasks?.requests
	)
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
