import type { ClineMessage, ModelInfo } from "@cairn/types"
import { describe, expect, it } from "vitest"
import type { LedgerRecord } from "./ledgerRecord.js"
import { openLedger } from "./openLedger.js"
import { TaskLedger } from "./taskLedger.js"

const info: ModelInfo = {
	contextWindow: 200_000,
	maxOutputTokens: 8_000,
	inputPrice: 3,
	outputPrice: 15,
	cacheReadsPrice: 0.3,
	supportsImages: true,
	supportsPromptCache: true,
	supportsReasoning: true,
}
const sonnet = { name: "anthropic" as const, model: { id: "sonnet", info } }
const unlisted = {
	name: "openrouter" as const,
	model: { id: "new/model", info: { ...info, priceUnknown: true } },
}

describe("a task's ledger", () => {
	it("keeps every request per model, with cache and reasoning tokens, and a summary leaves the context as it was", () => {
		const ledger = new TaskLedger()
		ledger.record(
			sonnet,
			{ inputTokens: 1_000, outputTokens: 200, cacheReadTokens: 500, reasoningTokens: 80 },
			0.1,
			"turn",
		)
		ledger.record(sonnet, { inputTokens: 300, outputTokens: 50 }, 0.02, "summary")
		expect(ledger.totals).toMatchObject({
			requests: 2,
			tokensIn: 1_300,
			tokensOut: 250,
			cacheReads: 500,
			reasoningTokens: 80,
			unpriced: 0,
		})
		expect(ledger.totals.cost).toBeCloseTo(0.12, 12)
		expect(ledger.totals.byModel?.["anthropic/sonnet"]?.requests).toBe(2)
		expect(ledger.tokenUsage.contextTokens).toBe(1_700)
	})

	it("marks a request nobody could price, but takes a cost the provider reported as it is", () => {
		const ledger = new TaskLedger()
		ledger.record(unlisted, { inputTokens: 1_000, outputTokens: 10 }, 0, "turn")
		expect(ledger.totals).toMatchObject({ unpriced: 1, cost: 0 })
		ledger.record(unlisted, { inputTokens: 1_000, outputTokens: 10, costUsd: 0.0123 }, 0.0123, "turn")
		expect(ledger.totals).toMatchObject({ unpriced: 1, cost: 0.0123, requests: 2 })
	})

	it("reads back what it journaled, and only raises a subtask's part", () => {
		const journal: LedgerRecord[] = []
		const ledger = new TaskLedger({ persist: (record) => journal.push(record) })
		ledger.record(sonnet, { inputTokens: 1_000, outputTokens: 100 }, 0.0045, "turn")
		const child = { ...ledger.totals, requests: 2, cost: 0.5 }
		ledger.subtaskSpent("child", child)
		ledger.subtaskSpent("child", { ...child, requests: 1, cost: 0.1 })
		expect(ledger.totals.subtasks).toMatchObject({ requests: 2, cost: 0.5 })
		expect(journal).toHaveLength(2)
		const reloaded = new TaskLedger({ saved: journal })
		expect(reloaded.totals).toEqual(ledger.totals)
	})

	it("starts a task saved before ledgers from its transcript's rows, journaled once", () => {
		const persisted: LedgerRecord[] = []
		const row = { request: "r", tokensIn: 100, tokensOut: 5, cost: 0.25 }
		const messages: ClineMessage[] = [
			{ ts: 1, type: "say", say: "api_req_started", text: JSON.stringify(row) },
		]
		const ledger = openLedger({ messages }, (record) => persisted.push(record))
		expect(ledger.totals).toMatchObject({ requests: 1, tokensIn: 100, cost: 0.25 })
		expect(persisted).toEqual([{ kind: "carried", spent: expect.objectContaining({ cost: 0.25 }) }])
		// With a journal (even an empty one) the transcript's rows are not read: deleting them lowers nothing.
		expect(openLedger({ messages, ledger: persisted }, undefined).totals.cost).toBe(0.25)
		expect(openLedger({ messages: [], ledger: persisted }, undefined).totals.cost).toBe(0.25)
	})
})
