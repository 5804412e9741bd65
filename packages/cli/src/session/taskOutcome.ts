import type { ClineAsk } from "@cairn/types"
import { ExitCode } from "../cli/exitCodes.js"
import type { Usage } from "../output/apiUsage.js"
import type { RunResult } from "../output/renderers.js"

/** How a task run ended. */
export type TaskOutcome =
	| { kind: "completed"; result: string }
	| { kind: "failed"; error: string }
	| { kind: "needsPerson"; reason: string; ask: ClineAsk }
	| { kind: "interrupted"; signal: "SIGINT" | "SIGTERM" }
	/** Stopped on request (a `cancel` command, the TUI's Esc); the task can be resumed. */
	| { kind: "cancelled" }

export function exitCodeOf(outcome: TaskOutcome): number {
	switch (outcome.kind) {
		case "completed":
			return ExitCode.completed
		case "failed":
			return ExitCode.failed
		case "needsPerson":
			return ExitCode.needsPerson
		case "interrupted":
			return outcome.signal === "SIGTERM" ? ExitCode.terminated : ExitCode.interrupted
		case "cancelled":
			return ExitCode.interrupted
	}
}

const reasons: Readonly<Record<TaskOutcome["kind"], string>> = {
	completed: "completed",
	failed: "failed",
	needsPerson: "needs_person",
	interrupted: "interrupted",
	cancelled: "cancelled",
}

/** One line for stderr saying why the run did not complete; undefined when it did. */
export function outcomeMessage(outcome: TaskOutcome, taskId: string | undefined): string | undefined {
	const resume = taskId ? ` The task is saved: continue it with \`cairn -c\` (task ${taskId}).` : ""
	switch (outcome.kind) {
		case "completed":
			return undefined
		case "failed":
			return `cairn: the task failed: ${outcome.error}`
		case "needsPerson":
			return `cairn: the agent needs a person: ${outcome.reason}. Run it in a terminal, or with the flags that allow it.${resume}`
		case "interrupted":
		case "cancelled":
			return `cairn: cancelled.${resume}`
	}
}

export function runResult(outcome: TaskOutcome, taskId: string | undefined, usage: Usage): RunResult {
	const text =
		outcome.kind === "completed"
			? outcome.result
			: outcome.kind === "failed"
				? outcome.error
				: outcome.kind === "needsPerson"
					? outcome.reason
					: "cancelled"
	return {
		type: "result",
		success: outcome.kind === "completed",
		result: text,
		cost: usage.cost,
		tokens: { ...usage.tokens },
		taskId,
		exitCode: exitCodeOf(outcome),
		reason: reasons[outcome.kind],
		...(outcome.kind === "needsPerson" && { ask: outcome.ask }),
	}
}
