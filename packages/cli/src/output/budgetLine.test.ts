import { describe, expect, it } from "vitest"
import { budgetStatusLine } from "./budgetLine.js"

const spent = { cost: 0.52, tokens: 1_200 }

describe("a budget in the terminal", () => {
	it("at 80% says how much of which budget is spent", () => {
		expect(budgetStatusLine({ scope: "task", spent, limit: { maxCost: 0.6 } }, false)).toBe(
			"the task's budget is 80% spent: $0.52 of $0.60",
		)
	})

	it("the move to the person's cheaper profile names it", () => {
		expect(
			budgetStatusLine(
				{ scope: "task", spent, limit: { maxTokens: 2_000 }, switchedTo: "Cheap" },
				false,
			),
		).toBe(
			"the task's budget: 1,200 tokens of 2,000 tokens spent; the task goes on with the cheaper profile Cheap",
		)
	})
})
