import type { ClineAsk, ExtensionMessageOf, TaskTotals } from "@cairn/types"
import { usageOfTotals } from "./apiUsage.js"
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
	/** A save failed, so the task was stopped; it resumes from what is on disk once the cause is fixed. */
	| { kind: "storageFailed"; error: string }
	/** A budget was reached and nobody in this run can raise it; the task is saved and can be continued. */
	| { kind: "budget"; reason: string }
	/** The task is open in another process; nothing ran. */
	| { kind: "locked"; error: string }

/** How a run ends on an error from the host: its code tells a save failure and a locked task from the rest. */
export function outcomeOfHostError({ code, error }: ExtensionMessageOf<"error">): TaskOutcome {
	if (code === "storage_failed") return { kind: "storageFailed", error }
	if (code === "task_locked") return { kind: "locked", error }
	return { kind: "failed", error }
}

export function exitCodeOf(outcome: TaskOutcome): number {
	switch (outcome.kind) {
		case "completed":
			return ExitCode.completed
		case "failed":
		case "locked":
			return ExitCode.failed
		case "storageFailed":
			return ExitCode.storage
		case "needsPerson":
			return ExitCode.needsPerson
		case "budget":
			return ExitCode.budget
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
	budget: "budget",
	interrupted: "interrupted",
	cancelled: "cancelled",
	storageFailed: "storage_failed",
	locked: "task_locked",
}

/** `totals`: the task's ledger as the host's summary carries it (its subtasks' spending included). */
export function runResult(outcome: TaskOutcome, taskId: string | undefined, totals: TaskTotals): RunResult {
	const usage = usageOfTotals(totals)
	const text =
		outcome.kind === "completed"
			? outcome.result
			: outcome.kind === "failed" || outcome.kind === "storageFailed" || outcome.kind === "locked"
				? outcome.error
				: outcome.kind === "needsPerson" || outcome.kind === "budget"
					? outcome.reason
					: "cancelled"
	return {
		type: "result",
		success: outcome.kind === "completed",
		result: text,
		cost: usage.cost,
		tokens: { ...usage.tokens },
		requests: totals.requests,
		...((totals.unpriced ?? 0) > 0 && { unpricedRequests: totals.unpriced }),
		...(totals.subtasks && {
			subtasks: { cost: totals.subtasks.cost, tokens: usageOfTotals(totals.subtasks).tokens },
		}),
		taskId,
		exitCode: exitCodeOf(outcome),
		reason: reasons[outcome.kind],
		...(outcome.kind === "needsPerson" && { ask: outcome.ask }),
	}
}
