import type { BudgetProfileSwitch, BudgetStatus } from "@cairn/types"
import type { Budget } from "./budget.js"
import { hasLimit, shareSpent } from "./budgetRule.js"

/**
 * One task's move to the person's cheaper profile: once its task budget (its subtasks included)
 * has spent the share they named, the task goes on with that profile. It moves once: a raised
 * limit or a rule changed later does not move it back or again.
 */
export class ProfileSwitcher {
	private moved = false

	constructor(
		private readonly rule: () => BudgetProfileSwitch | undefined,
		private readonly switchTo: ((profileId: string) => Promise<string | undefined>) | undefined,
	) {}

	/** The budget's status with the profile's name when the task moved now; undefined otherwise. */
	async due(budget: Budget): Promise<BudgetStatus | undefined> {
		const rule = this.rule()
		if (this.moved || rule === undefined || this.switchTo === undefined) return undefined
		const limit = budget.limit
		if (!hasLimit(limit) || shareSpent(budget.spent, limit) * 100 < rule.atPercent) return undefined
		this.moved = true
		const name = await this.switchTo(rule.profileId)
		return name === undefined ? undefined : { ...budget.status, switchedTo: name }
	}
}
