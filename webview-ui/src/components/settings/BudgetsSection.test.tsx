import { defaultSettings, type CairnSettings } from "@cairn/types"
import { fireEvent, render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { loadTask } from "../../test/fixtures"
import { posted } from "../../test/setup"
import { BudgetsSection } from "./BudgetsSection"

const commit = (input: HTMLElement, value: string) => {
	fireEvent.change(input, { target: { value } })
	fireEvent.blur(input)
}
const renderBudgets = (budgets: CairnSettings["budgets"] = defaultSettings().budgets) => {
	loadTask([], { settings: { ...defaultSettings(), budgets } })
	render(<BudgetsSection />)
}
const field = (scope: string, label: "Dollars" | "Tokens") =>
	within(screen.getByRole("group", { name: scope })).getByRole("spinbutton", { name: label })

describe("the budgets' settings", () => {
	it("send one limit of one budget, as the person's own (trust) change", () => {
		renderBudgets()
		commit(field("Per task", "Dollars"), "2.5")
		expect(posted).toEqual([
			{ type: "updateTrustSettings", settings: { budgets: { task: { maxCost: 2.5 } } } },
		])
		posted.length = 0
		commit(field("Per day, per profile", "Tokens"), "500000")
		expect(posted).toEqual([
			{ type: "updateTrustSettings", settings: { budgets: { day: { maxTokens: 500_000 } } } },
		])
	})

	it("an emptied field removes that limit; a whole number of tokens is required", () => {
		renderBudgets({ task: {}, run: { maxCost: 3 }, day: {} })
		commit(field("Per run", "Dollars"), "")
		expect(posted).toEqual([
			{ type: "updateTrustSettings", settings: { budgets: { run: { maxCost: null } } } },
		])
		posted.length = 0
		commit(field("Per task", "Tokens"), "1.5")
		expect(posted).toEqual([])
	})

	it("a cheaper profile: picked with half the limit at first, its share changed, and removed", () => {
		const profiles = [
			{ id: "work", name: "Work", provider: { provider: "anthropic" as const, modelId: "big" } },
			{ id: "cheap", name: "Cheap", provider: { provider: "openai" as const, modelId: "small" } },
		]
		loadTask([], { settings: { ...defaultSettings(), profiles } })
		render(<BudgetsSection />)
		const group = () => within(screen.getByRole("group", { name: "Cheaper profile" }))
		expect(group().getByRole("spinbutton", { name: "At % of the task limit" })).toHaveProperty(
			"disabled",
			true,
		)
		fireEvent.change(group().getByRole("combobox", { name: "Cheaper profile" }), {
			target: { value: "cheap" },
		})
		expect(posted).toEqual([
			{
				type: "updateTrustSettings",
				settings: { budgets: { switchProfile: { profileId: "cheap", atPercent: 50 } } },
			},
		])
		posted.length = 0
		commit(group().getByRole("spinbutton", { name: "At % of the task limit" }), "70")
		expect(posted).toEqual([
			{
				type: "updateTrustSettings",
				settings: { budgets: { switchProfile: { profileId: "cheap", atPercent: 70 } } },
			},
		])
		posted.length = 0
		fireEvent.change(group().getByRole("combobox", { name: "Cheaper profile" }), {
			target: { value: "" },
		})
		expect(posted).toEqual([
			{ type: "updateTrustSettings", settings: { budgets: { switchProfile: null } } },
		])
	})
})
