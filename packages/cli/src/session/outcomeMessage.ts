import type { TaskOutcome } from "@cairn/core"

/** One line for stderr saying why the run did not complete; undefined when it did. */
export function outcomeMessage(outcome: TaskOutcome, taskId: string | undefined): string | undefined {
	const resume = taskId ? ` The task is saved: continue it with \`cairn -c\` (task ${taskId}).` : ""
	switch (outcome.kind) {
		case "completed":
			return undefined
		case "failed":
			return `cairn: the task failed: ${outcome.error}`
		case "storageFailed":
			return `cairn: ${outcome.error}${taskId ? ` Continue it with \`cairn -c\` (task ${taskId}).` : ""}`
		case "locked":
			return `cairn: ${outcome.error}`
		case "needsPerson":
			return `cairn: the agent needs a person: ${outcome.reason}. Run it in a terminal, or with the flags that allow it.${resume}`
		case "interrupted":
		case "cancelled":
			return `cairn: cancelled.${resume}`
	}
}
