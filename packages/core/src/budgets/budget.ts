import type { BudgetLimit, BudgetScope, BudgetSpend, BudgetStatus } from "@cairn/types"
import { budgetLevel, hasLimit, type BudgetLevel } from "./budgetRule.js"
import { SpendMeter } from "./spendMeter.js"

export interface BudgetOptions {
	scope: BudgetScope
	/** The person's limit, read at every check: a settings change applies at the next request. */
	limit: () => BudgetLimit
	/** What was spent before this process counted (a day's spend read back from disk). */
	start?: BudgetSpend
	/** The profile a day's budget is for (its name, as the chat shows it). */
	profile?: string
}

/**
 * One budget: what its tasks spent and the limit they spend against. The tasks sharing it (a
 * task and its subtasks, a run's tasks, a profile's day) hold the same object.
 */
export class Budget {
	readonly scope: BudgetScope
	private readonly meter: SpendMeter
	/** What the person added by raising the limit, as many times the configured limit. */
	private raises = 0
	/** The notice at 80% is said once per limit (a raise makes a new limit). */
	private noticed = false

	constructor(private readonly options: BudgetOptions) {
		this.scope = options.scope
		this.meter = new SpendMeter(options.start)
	}

	get spent(): BudgetSpend {
		return this.meter.spent
	}

	get limit(): BudgetLimit {
		const { maxCost, maxTokens } = this.options.limit()
		const times = 1 + this.raises
		return {
			...(maxCost !== undefined && { maxCost: maxCost * times }),
			...(maxTokens !== undefined && { maxTokens: maxTokens * times }),
		}
	}

	get level(): BudgetLevel {
		const limit = this.limit
		return hasLimit(limit) ? budgetLevel(this.spent, limit) : "under"
	}

	get status(): BudgetStatus {
		return {
			scope: this.scope,
			spent: this.spent,
			limit: this.limit,
			...(this.options.profile !== undefined && { profile: this.options.profile }),
		}
	}

	add(spend: BudgetSpend): void {
		this.meter.add(spend)
	}

	/** Adds the configured limit once more: the person's "Raise Limit". */
	raise(): void {
		this.raises++
		this.noticed = false
	}

	/** True the first time the budget is found near its limit (then the chat says so). */
	takeNotice(): boolean {
		if (this.noticed || this.level !== "near") return false
		this.noticed = true
		return true
	}
}
