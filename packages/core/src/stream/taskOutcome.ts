import type { ClineAsk } from "@cairn/types"
import type { Usage } from "./apiUsage.js"
import { ExitCode } from "./exitCodes.js"
import type { RunResult } from "./streamJson.js"

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
