import { TaskBudget } from "../budgets/taskBudget.js"
import type { TaskBudgets } from "../budgets/budgets.js"
import type { ReportedUsage } from "../ledger/billedRequest.js"
import { openLedger, type SavedLedger } from "../ledger/openLedger.js"
import type { TaskLedger } from "../ledger/taskLedger.js"
import type { ModelProvider } from "../providers/modelProvider.js"
import type { TaskTelemetry } from "../telemetry/taskTelemetry.js"
import type { TaskPersistence } from "./taskPersistence.js"

/** One request that reached a provider: a turn's (with its retries and failures) or a summary's. */
export interface BilledRequest {
	provider: Pick<ModelProvider, "name" | "model">
	usage: ReportedUsage
	cost: number
	purpose: "turn" | "summary"
}

export interface TaskBillingParts {
	/** The task read back from disk: its ledger goes on from its journal. */
	saved?: SavedLedger
	persistence?: Pick<TaskPersistence, "ledgerRecorded">
	/** The budgets it spends from (its own, its run's, its profile's day); none: no limits. */
	budgets?: TaskBudgets
	telemetry?: Pick<TaskTelemetry, "billed">
}

/**
 * Where a task's every billed request goes, once: its ledger journals it, its budgets count it,
 * the telemetry exports it. The task factory builds it; the Task's onUsage and onSummaryUsage
 * each call `billed`, so no observer can hear one kind of request and miss another.
 */
export class TaskBilling {
	/** What the task (its subtasks included) spent; it only grows. */
	readonly ledger: TaskLedger
	/** Its spending limits (task, run, day), looked at before each request. */
	readonly budget: TaskBudget
	private readonly telemetry: TaskBillingParts["telemetry"]

	constructor(parts: TaskBillingParts = {}) {
		this.ledger = openLedger(parts.saved, (record) => parts.persistence?.ledgerRecorded?.(record))
		this.budget = new TaskBudget(parts.budgets)
		this.telemetry = parts.telemetry
	}

	billed({ provider, usage, cost, purpose }: BilledRequest): void {
		this.ledger.record(provider, usage, cost, purpose)
		this.telemetry?.billed(usage, cost, purpose === "turn" ? "request" : "summary")
		this.budget.billed(usage, cost)
	}
}
