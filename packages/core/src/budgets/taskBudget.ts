import type { AskChannel } from "../task/askChannel.js"
import { TaskCancelled } from "../task/taskCancelled.js"
import type { Transcript } from "../task/transcript.js"
import type { TaskBudgets } from "./budgets.js"
import { billedTokens, SpendMeter, type BilledUsage } from "./spendMeter.js"

/** Where a task's budget speaks: its chat, its asks, and how the person ends it. */
export interface BudgetSeat {
	transcript: Transcript
	asks: AskChannel
	/** The person chose to end the task rather than raise the limit. */
	end(): void
}

/**
 * A task's face of its budgets. The Task hands it every billed request and lets it look before
 * each request: past the person's threshold it moves to their cheaper profile and says so; at 80%
 * of a limit the chat says so once; at 100% the request waits for the person to raise the limit
 * (it goes on) or end the task. A stream is never cut: the check is between requests.
 */
export class TaskBudget {
	private readonly meters: SpendMeter[] = []

	constructor(private readonly budgets: TaskBudgets | undefined) {}

	/** One billed request or summary, with the usage and cost the Task's callbacks give. */
	billed(usage: BilledUsage, cost: number): void {
		const spend = { cost, tokens: billedTokens(usage) }
		for (const meter of this.meters) meter.add(spend)
		this.budgets?.billed(spend)
	}

	/** A meter of this task's own spend from now on (auto-approval's cost limit reads one). */
	meter(): SpendMeter {
		const meter = new SpendMeter()
		this.meters.push(meter)
		return meter
	}

	/** Before each model request, asking at `seat`. Throws TaskCancelled when the person ends the task instead. */
	async beforeRequest(seat: BudgetSeat): Promise<void> {
		if (this.budgets === undefined) return
		// A day's spend that could not be saved would let the next restart spend it again.
		await this.budgets.saved()
		const switched = await this.budgets.switchIfDue()
		if (switched !== undefined) seat.transcript.say("budget_notice", { text: JSON.stringify(switched) })
		for (;;) {
			const budgets = this.budgets.current()
			for (const budget of budgets)
				if (budget.takeNotice())
					seat.transcript.say("budget_notice", { text: JSON.stringify(budget.status) })
			const reached = budgets.find((budget) => budget.level === "reached")
			if (reached === undefined) return
			const answer = await seat.asks.ask("budget_reached", JSON.stringify(reached.status))
			if (answer.response !== "yesButtonClicked") {
				seat.end()
				throw new TaskCancelled()
			}
			// Another task of the run may have raised it while this one waited.
			if (reached.level === "reached") reached.raise()
		}
	}
}
