import type { ClineMessage } from "@cairn/types"
import { describe, expect, it } from "vitest"
import type { ModelProvider } from "../providers/modelProvider.js"
import { passingIntervalMs, RequestRow } from "./requestRow.js"
import { Transcript, type TranscriptChange } from "./transcript.js"

const provider: ModelProvider = {
	name: "openai",
	model: {
		id: "a-model",
		info: {
			contextWindow: 100_000,
			maxOutputTokens: 8_000,
			inputPrice: 1,
			outputPrice: 2,
			supportsImages: false,
			supportsPromptCache: false,
			supportsReasoning: false,
		},
	},
	async *createMessage() {
		yield { type: "text", text: "" }
	},
}

/** A transcript and the versions of its messages that the task would journal (those not passing). */
function journaledTranscript() {
	const changes: TranscriptChange[] = []
	const transcript = new Transcript((change) => changes.push(change))
	const journaled = () => changes.filter((c) => !c.passing).map((c) => c.message)
	return { transcript, changes, journaled }
}

/** A clock that moves `step` ms each time it is read. */
function clockOf(step: number): () => number {
	let now = 0
	return () => (now += step)
}

const tokensOf = (message: ClineMessage | undefined) =>
	JSON.parse(message?.text ?? "{}") as { tokensIn?: number; tokensOut?: number; cost?: number }

describe("a request row's versions", () => {
	it("a short answer's row is journaled when the request starts and when it ends; its streaming estimates are only shown", () => {
		const { transcript, changes, journaled } = journaledTranscript()
		const row = new RequestRow(transcript, "a request", provider, clockOf(passingIntervalMs))
		for (const outputTokens of [1, 5, 20, 23])
			row.progress({ inputTokens: 2300, outputTokens, estimated: true })
		row.progress({ inputTokens: 2480, outputTokens: 23 })
		row.add({ inputTokens: 2480, outputTokens: 23 })
		row.finish({})
		expect(changes).toHaveLength(7)
		const [started, ended] = journaled().map(tokensOf)
		expect(journaled()).toHaveLength(2)
		expect(started).not.toHaveProperty("tokensIn")
		expect(ended).toMatchObject({ tokensIn: 2480, tokensOut: 23, cost: expect.any(Number) })
		// Every version was shown, the passing ones included.
		expect(transcript.all[0]).toBe(changes.at(-1)?.message)
	})

	it("shows a streaming estimate at most every passingIntervalMs; the row's end shows the last figures", () => {
		const { transcript, changes } = journaledTranscript()
		const row = new RequestRow(transcript, "a request", provider, clockOf(10))
		for (let outputTokens = 1; outputTokens <= 10; outputTokens++)
			row.progress({ inputTokens: 2300, outputTokens, estimated: true })
		const shown = changes.filter((c) => c.passing).map((c) => tokensOf(c.message).tokensOut)
		expect(shown).toEqual([1, 5, 9])
		row.add({ inputTokens: 2300, outputTokens: 10 })
		row.finish({})
		expect(tokensOf(transcript.all[0])).toMatchObject({ tokensOut: 10 })
	})

	it("a long answer's estimate is journaled each time its output has doubled, from 1,000 tokens, so a crash keeps it within a factor of two", () => {
		const { transcript, journaled } = journaledTranscript()
		const row = new RequestRow(transcript, "a request", provider)
		for (const outputTokens of [10, 999, 1000, 1500, 1999, 2000, 3999, 4000, 7000])
			row.progress({ inputTokens: 50_000, outputTokens, estimated: true })
		expect(journaled().map((m) => tokensOf(m).tokensOut)).toEqual([undefined, 1000, 2000, 4000])
		expect(tokensOf(journaled().at(-1)).tokensIn).toBe(50_000)
	})
})
