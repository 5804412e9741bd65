import { defaultSettings, emptyTotals, taskSummaryOf, type ClineMessage, type TaskTotals } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { apiRequest, delta, finishedRequest, fromHost, loadTask, say, taskId } from "../../test/fixtures"
import { posted } from "../../test/setup"
import { TaskHeader } from "./TaskHeader"

describe("TaskHeader", () => {
	it("sums tokens, cache and cost over the task's requests", () => {
		loadTask([
			say("text", "Refactor calculateTotal"),
			finishedRequest({ tokensIn: 1000, tokensOut: 200, cacheReads: 500, cacheWrites: 100, cost: 0.5 }),
			say("text", "Done"),
			finishedRequest({ tokensIn: 2000, tokensOut: 300, cacheReads: 1500, cacheWrites: 0, cost: 0.25 }),
		])
		render(<TaskHeader />)
		expect(screen.getByRole("button", { name: "Refactor calculateTotal" })).toBeTruthy()
		const metrics = screen.getByRole("region", { name: "Current task" }).textContent
		expect(metrics).toContain("↑ 3K")
		expect(metrics).toContain("↓ 500")
		expect(metrics).toContain("100 written, 2K read")
		expect(metrics).toContain("$0.75")
	})

	it("says tokens are being counted, not 0, while the first request streams without usage", () => {
		loadTask([say("text", "Refactor calculateTotal"), apiRequest({ request: "task" })])
		render(<TaskHeader />)
		const metrics = screen.getByRole("region", { name: "Current task" }).textContent
		expect(metrics).toContain("counting…")
		expect(metrics).not.toContain("↑ 0")
	})

	it("shows the ledger's figures, not 'counting…' and $0.00, once a cancelled request was counted", () => {
		const messages = [
			say("text", "task"),
			finishedRequest({ tokensIn: 0, tokensOut: 0, cost: 0, cancelReason: "user_cancelled" }),
		]
		loadWithTotals(messages, { requests: 1, tokensIn: 2_400, tokensOut: 30, cost: 0.0076, estimated: 1 })
		render(<TaskHeader />)
		const metrics = screen.getByRole("region", { name: "Current task" }).textContent
		expect(metrics).not.toContain("counting…")
		expect(metrics).toContain("↑ 2.4K")
		expect(metrics).toContain("~$0.0076")
	})

	it("says the price is unknown rather than $0.00, and what the rest cost when some prices are known", () => {
		const messages = [say("text", "task"), finishedRequest({ cost: 0 })]
		loadWithTotals(messages, { requests: 1, tokensIn: 1_000, cost: 0, unpriced: 1 })
		const { unmount } = render(<TaskHeader />)
		let metrics = screen.getByRole("region", { name: "Current task" }).textContent
		expect(metrics).toContain("price unknown")
		expect(metrics).not.toContain("$0.00")
		unmount()
		loadWithTotals(messages, { requests: 2, tokensIn: 2_000, cost: 0.5, unpriced: 1 })
		render(<TaskHeader />)
		metrics = screen.getByRole("region", { name: "Current task" }).textContent
		expect(metrics).toContain("$0.50 + price unknown")
	})

	it("shows a parent's cost with its subtasks' and their part", () => {
		const messages = [say("text", "plan"), finishedRequest({ cost: 0.25 })]
		const subtasks = {
			...emptyTotals,
			reasoningTokens: 0,
			unpriced: 0,
			estimated: 0,
			requests: 1,
			cost: 0.5,
		}
		loadWithTotals(messages, { requests: 2, cost: 0.75, subtasks })
		render(<TaskHeader />)
		const metrics = screen.getByRole("region", { name: "Current task" }).textContent
		expect(metrics).toContain("Cost$0.75")
		expect(metrics).toContain("Of which subtasks$0.50")
	})

	it("falls back to the history entry when the transcript has no request rows", () => {
		loadTask([say("text", "Old task")], {
			currentTaskItem: {
				id: taskId,
				ts: 1,
				task: "Old task",
				tokensIn: 4000,
				tokensOut: 900,
				totalCost: 1.5,
			},
		})
		render(<TaskHeader />)
		expect(screen.getByRole("region", { name: "Current task" }).textContent).toContain("$1.50")
	})

	it("shows how full the context window is when the model's window is known", () => {
		const settings = {
			...defaultSettings(),
			provider: { provider: "anthropic" as const, modelId: "m", modelInfo: { contextWindow: 200_000 } },
		}
		loadTask(
			[
				say("text", "task"),
				finishedRequest({ tokensIn: 90_000, tokensOut: 10_000, cacheReads: 0, cacheWrites: 0 }),
			],
			{
				settings,
			},
		)
		render(<TaskHeader />)
		const meter = screen.getByRole("meter", { name: "Context window" })
		expect(meter.getAttribute("aria-valuenow")).toBe("100000")
		expect(meter.getAttribute("aria-valuetext")).toContain("(50%)")
	})

	it("shows the intent a governed task works under, and none once it ended", () => {
		const hook = (row: object) => say("hook", JSON.stringify(row))
		const selected = hook({
			kind: "context",
			hook: "ContextInjectorHook",
			toolName: "select_active_intent",
			context: "<intent_context/>",
			intentId: "INT-001",
			intentName: "Login form",
		})
		loadTask([say("text", "task"), selected])
		const { unmount } = render(<TaskHeader />)
		expect(screen.getByRole("region", { name: "Current task" }).textContent).toContain(
			"IntentINT-001 Login form",
		)
		unmount()
		loadTask([
			say("text", "task"),
			selected,
			hook({ kind: "intentEnded", intentId: "INT-001", reason: "done" }),
		])
		render(<TaskHeader />)
		expect(screen.getByRole("region", { name: "Current task" }).textContent).not.toContain("Intent")
	})

	it("takes the window from the newest request, for any model whose window Cairn knows", () => {
		loadTask([
			say("text", "task"),
			finishedRequest({ tokensIn: 30_000, tokensOut: 2000, contextWindow: 128_000 }),
		])
		render(<TaskHeader />)
		const meter = screen.getByRole("meter", { name: "Context window" })
		expect(meter.getAttribute("aria-valuemax")).toBe("128000")
		expect(meter.getAttribute("aria-valuetext")).toBe("Context window: 32K of 128K tokens (25%)")
	})

	it("a request's window wins over the person's override, which stands in when requests carry none", () => {
		const settings = {
			...defaultSettings(),
			provider: { provider: "openai" as const, modelId: "m", modelInfo: { contextWindow: 64_000 } },
		}
		loadTask(
			[say("text", "task"), finishedRequest({ tokensIn: 16_000, tokensOut: 0, contextWindow: 32_000 })],
			{
				settings,
			},
		)
		const { unmount } = render(<TaskHeader />)
		expect(screen.getByRole("meter").getAttribute("aria-valuetext")).toContain("(50%)")
		unmount()
		loadTask([say("text", "task"), finishedRequest({ tokensIn: 16_000, tokensOut: 0 })], { settings })
		render(<TaskHeader />)
		expect(screen.getByRole("meter").getAttribute("aria-valuetext")).toContain("(25%)")
	})

	it("the bar goes down when a condense arrives", () => {
		loadTask(
			[
				say("text", "task"),
				finishedRequest({ tokensIn: 90_000, tokensOut: 0, contextWindow: 100_000 }),
			],
			{
				seq: 3,
			},
		)
		render(<TaskHeader />)
		expect(screen.getByRole("meter").getAttribute("aria-valuenow")).toBe("90000")
		const contextCondense = {
			cost: 0.02,
			prevContextTokens: 90_000,
			newContextTokens: 10_000,
			summary: "S",
		}
		fromHost(delta(say("condense_context", undefined, { contextCondense }), 4))
		expect(screen.getByRole("meter").getAttribute("aria-valuenow")).toBe("10000")
		expect(screen.getByRole("meter").getAttribute("aria-valuetext")).toContain("(10%)")
	})

	it("has no context bar without the window size", () => {
		loadTask([say("text", "task"), finishedRequest()])
		render(<TaskHeader />)
		expect(screen.queryByRole("meter")).toBeNull()
	})

	it("the Condense button sends the condense request once a request has finished", () => {
		loadTask([say("text", "task"), finishedRequest()])
		render(<TaskHeader />)
		fireEvent.click(screen.getByRole("button", { name: "Condense context" }))
		expect(posted).toEqual([{ type: "condenseTaskContextRequest" }])
	})

	it("the Condense button waits for the first answer: nothing to condense before it", () => {
		loadTask([say("text", "task"), apiRequest()])
		render(<TaskHeader />)
		const button = screen.getByRole("button", { name: "Condense context" }) as HTMLButtonElement
		expect(button.disabled).toBe(true)
		expect(button.title).toMatch(/nothing to condense before the first answer/)
		fireEvent.click(button)
		expect(posted).toEqual([])
	})

	it("the Condense button is off while a summary is being written, and back after", () => {
		const writing = say("condense_context", "Condensing the conversation…", { partial: true })
		loadTask([say("text", "task"), finishedRequest(), writing], { seq: 3 })
		render(<TaskHeader />)
		const button = () => screen.getByRole("button", { name: "Condense context" }) as HTMLButtonElement
		expect(button().disabled).toBe(true)
		expect(button().title).toBe("Condensing the context…")
		const contextCondense = { cost: 0, prevContextTokens: 1500, newContextTokens: 300, summary: "S" }
		fromHost(delta({ ...writing, text: "", partial: false, contextCondense }, 4))
		expect(button().disabled).toBe(false)
		const again = say("condense_context", "Condensing the conversation…", { partial: true })
		fromHost(delta(again, 5))
		expect(button().disabled).toBe(true)
		// A failed condense turns its row into an error row.
		fromHost(delta({ ...again, say: "condense_context_error", text: "It failed.", partial: false }, 6))
		expect(button().disabled).toBe(false)
	})

	it("expands long task text and starts a new task", () => {
		loadTask([say("text", "task text")])
		render(<TaskHeader />)
		const text = screen.getByRole("button", { name: "task text" })
		fireEvent.click(text)
		expect(text.getAttribute("aria-expanded")).toBe("true")
		fireEvent.click(screen.getByRole("button", { name: "New task" }))
		expect(posted).toEqual([{ type: "clearTask" }])
	})
})

/** The task with `messages` whose ledger says `totals` (the host's summary carries the ledger's). */
function loadWithTotals(messages: ClineMessage[], totals: Partial<TaskTotals>) {
	loadTask(messages, { summary: { ...taskSummaryOf(messages), totals: { ...emptyTotals, ...totals } } })
}
