import type { BudgetStatus, ClineMessage } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showLanguage } from "../../i18n/showLanguage"
import { ask, finishedRequest, loadTask, say } from "../../test/fixtures"
import { renderWithList } from "../../test/renderWithList"
import { posted } from "../../test/setup"
import { ChatView } from "../chat/ChatView"
import { MessageRow } from "./MessageRow"

const status = (patch: Partial<BudgetStatus>): string =>
	JSON.stringify({ scope: "task", spent: { cost: 0.52, tokens: 2600 }, limit: { maxCost: 0.5 }, ...patch })
const renderRow = (message: ClineMessage) =>
	render(<MessageRow message={message} isFirst={false} isLast isCurrentRequest={false} />)
const chatAt = (row: ClineMessage) => {
	loadTask([say("text", "Refactor calculateTotal"), finishedRequest(), row])
	return renderWithList(<ChatView />)
}

describe("a spending limit in the chat", () => {
	it("at 100%: the ask's row says which budget and what it spent of its limit", () => {
		renderRow(ask("budget_reached", status({})))
		expect(screen.getByText("Spending limit reached")).toBeTruthy()
		expect(
			screen.getByText("This task's budget (its subtasks included): $0.52 of $0.50 spent."),
		).toBeTruthy()
		expect(screen.getByText(/raise the limit by as much again to go on, or end the task/)).toBeTruthy()
	})

	it("a token limit, the run's budget", () => {
		renderRow(ask("budget_reached", status({ scope: "run", limit: { maxTokens: 2000 } })))
		expect(
			screen.getByText("The budget of the tasks started together: 2.6K tokens of 2K tokens spent."),
		).toBeTruthy()
	})

	it("Raise Limit answers yes (the task goes on); End Task ends it", () => {
		const { unmount } = chatAt(ask("budget_reached", status({})))
		fireEvent.click(screen.getByRole("button", { name: "Raise Limit" }))
		expect(posted).toEqual([{ type: "askResponse", askResponse: "yesButtonClicked" }])
		unmount()
		posted.length = 0
		chatAt(ask("budget_reached", status({})))
		fireEvent.click(screen.getByRole("button", { name: "End Task" }))
		expect(posted).toEqual([{ type: "clearTask" }])
	})

	it("at 80%: a notice row naming a profile's day, with no question of its own", () => {
		renderRow(say("budget_notice", status({ scope: "day", profile: "Work", limit: { maxCost: 0.6 } })))
		expect(screen.getByText("Spending limit 80% spent")).toBeTruthy()
		expect(screen.getByText("Today's budget for Work: $0.52 of $0.60 spent.")).toBeTruthy()
		expect(screen.queryByText(/raise the limit/)).toBeNull()
	})

	it("the move to the person's cheaper profile: what was spent, and the profile the task uses now", () => {
		renderRow(say("budget_notice", status({ limit: { maxCost: 1 }, switchedTo: "Cheap" })))
		expect(screen.getByText("Switched to a cheaper profile")).toBeTruthy()
		expect(
			screen.getByText(
				"This task's budget (its subtasks included): $0.52 of $1.00 spent. From now on this task uses Cheap.",
			),
		).toBeTruthy()
	})

	it("in the person's language: German wording and button", async () => {
		await showLanguage("de")
		renderRow(ask("budget_reached", status({})))
		expect(screen.getByText("Ausgabenlimit erreicht")).toBeTruthy()
		chatAt(ask("budget_reached", status({})))
		expect(screen.getByRole("button", { name: "Limit erhöhen" })).toBeTruthy()
	})
})
