import { addSpent, laterSpent, noSpent, type Spent, type TaskTotals, type TokenUsage } from "@cairn/types"
import type { ModelProvider } from "../providers/modelProvider.js"
import { billedRequest, modelKeyOf, type ReportedUsage } from "./billedRequest.js"
import type { LedgerRecord } from "./ledgerRecord.js"

type ByModel = Record<string, Spent>

export interface TaskLedgerOptions {
	/** The task's journal as saved: the ledger goes on from it. */
	saved?: readonly LedgerRecord[]
	/** Journals a record (TaskPersistence.ledgerRecorded); called before listeners hear the change. */
	persist?: (record: LedgerRecord) => void
}

function addTo(byModel: ByModel, model: string, spent: Spent): ByModel {
	return { ...byModel, [model]: addSpent(byModel[model] ?? noSpent, spent) }
}

/**
 * What a task spent, for good: every request that reached a provider (cancelled, failed after
 * tokens were billed, retried, summaries) per model, and its subtasks' spending. Nothing lowers
 * it: rewinding, editing, deleting and condensing change the transcript, not the ledger. The
 * header, the history, the CLI's result, the API's events and the export all read `totals`.
 */
export class TaskLedger {
	private own = noSpent
	private ownByModel: ByModel = {}
	private readonly subtasks = new Map<string, { spent: Spent; byModel: ByModel }>()
	private contextTokens = 0
	private cached: TaskTotals | undefined
	private readonly listeners = new Set<(totals: TaskTotals) => void>()

	constructor(private readonly options: TaskLedgerOptions = {}) {
		for (const record of options.saved ?? []) this.apply(record)
	}

	/** One request that reached `provider`, whatever became of it: the Task's onUsage and onSummaryUsage. */
	record(
		provider: Pick<ModelProvider, "name" | "model">,
		usage: ReportedUsage,
		cost: number,
		purpose: "turn" | "summary",
	): void {
		const spent = billedRequest(provider, usage, cost)
		const context = spent.tokensIn + spent.tokensOut + spent.cacheReads + spent.cacheWrites
		this.commit({
			kind: "request",
			model: modelKeyOf(provider),
			purpose,
			spent,
			...(purpose === "turn" && { context }),
		})
	}

	/** A subtask's whole spending so far (its own subtasks' included); only ever raises its part. */
	subtaskSpent(taskId: string, totals: TaskTotals): void {
		const known = this.subtasks.get(taskId)
		const spent = laterSpent(known?.spent ?? noSpent, spentOf(totals))
		const byModel = { ...known?.byModel }
		for (const [model, part] of Object.entries(totals.byModel ?? {}))
			byModel[model] = laterSpent(byModel[model] ?? noSpent, part)
		if (known !== undefined && sameSpent(known.spent, spent) && sameModels(known.byModel, byModel)) return
		this.commit({ kind: "subtask", taskId, spent, byModel })
	}

	/** Hears every change of the totals (a subtask's parent, the API events); returns how to stop. */
	onChange(listener: (totals: TaskTotals) => void): () => void {
		this.listeners.add(listener)
		return () => this.listeners.delete(listener)
	}

	/** Everything spent so far: its own requests and its subtasks', with both parts and per model. */
	get totals(): TaskTotals {
		this.cached ??= this.computeTotals()
		return this.cached
	}

	/** The totals as the public API reports them (seed 002's TokenUsage and the ledger's additions). */
	get tokenUsage(): TokenUsage {
		const totals = this.totals
		return {
			totalTokensIn: totals.tokensIn,
			totalTokensOut: totals.tokensOut,
			totalCacheWrites: totals.cacheWrites,
			totalCacheReads: totals.cacheReads,
			totalCost: totals.cost,
			contextTokens: this.contextTokens,
			totalReasoningTokens: totals.reasoningTokens ?? 0,
			requests: totals.requests,
			unpricedRequests: totals.unpriced ?? 0,
			...(totals.subtasks && { subtasks: totals.subtasks }),
			...(totals.byModel && { byModel: totals.byModel }),
		}
	}

	private commit(record: LedgerRecord): void {
		this.options.persist?.(record)
		this.apply(record)
		const totals = this.totals
		for (const listener of this.listeners) listener(totals)
	}

	private apply(record: LedgerRecord): void {
		this.cached = undefined
		switch (record.kind) {
			case "request":
				this.own = addSpent(this.own, record.spent)
				this.ownByModel = addTo(this.ownByModel, record.model, record.spent)
				if (record.context !== undefined) this.contextTokens = record.context
				break
			case "carried":
				this.own = addSpent(this.own, record.spent)
				break
			case "subtask":
				this.subtasks.set(record.taskId, { spent: record.spent, byModel: record.byModel })
				break
		}
	}

	private computeTotals(): TaskTotals {
		let subtasks = noSpent
		let byModel = this.ownByModel
		for (const part of this.subtasks.values()) {
			subtasks = addSpent(subtasks, part.spent)
			for (const [model, spent] of Object.entries(part.byModel)) byModel = addTo(byModel, model, spent)
		}
		const all = addSpent(this.own, subtasks)
		return {
			...all,
			...(this.subtasks.size > 0 && { subtasks }),
			...(Object.keys(byModel).length > 0 && { byModel }),
		}
	}
}

/** The ledger's figures of totals that may predate it (their newer fields then count nothing). */
export function spentOf(totals: TaskTotals): Spent {
	return {
		requests: totals.requests,
		tokensIn: totals.tokensIn,
		tokensOut: totals.tokensOut,
		cacheReads: totals.cacheReads,
		cacheWrites: totals.cacheWrites,
		reasoningTokens: totals.reasoningTokens ?? 0,
		cost: totals.cost,
		unpriced: totals.unpriced ?? 0,
		estimated: totals.estimated ?? 0,
	}
}

function sameSpent(a: Spent, b: Spent): boolean {
	return (Object.keys(noSpent) as (keyof Spent)[]).every((key) => a[key] === b[key])
}

function sameModels(a: ByModel, b: ByModel): boolean {
	const keys = Object.keys(b)
	return (
		keys.length === Object.keys(a).length &&
		keys.every((key) => a[key] && sameSpent(a[key], b[key] as Spent))
	)
}
