import { EventEmitter } from "node:events"
import { describe, expect, it } from "vitest"
import type { UserBlock } from "../providers/apiMessage.js"
import { AskChannel } from "./askChannel.js"
import { MistakeLimit } from "./mistakeLimit.js"
import type { TaskEvents } from "./taskEvents.js"
import { Transcript } from "./transcript.js"

const turn: UserBlock[] = [{ type: "text", text: "the tool's result" }]

function limitOf(limit: number) {
	const transcript = new Transcript(() => {})
	const asks = new AskChannel(transcript, new EventEmitter<TaskEvents>())
	return { transcript, asks, mistakes: new MistakeLimit(asks, transcript, () => limit) }
}

describe("MistakeLimit", () => {
	it("lets the task go on below the limit, and a call that went through starts the count again", async () => {
		const { transcript, mistakes } = limitOf(2)
		mistakes.made()
		await expect(mistakes.check(turn)).resolves.toBe(turn)
		mistakes.succeeded()
		mistakes.made()
		await expect(mistakes.check(turn)).resolves.toBe(turn)
		expect(transcript.all).toEqual([])
	})

	it("at the limit asks the person, and their guidance goes to the model with the turn", async () => {
		const { transcript, asks, mistakes } = limitOf(2)
		mistakes.made()
		mistakes.made()
		const checked = mistakes.check(turn)
		expect(transcript.last).toMatchObject({
			type: "ask",
			ask: "mistake_limit_reached",
			notice: { kind: "mistake_limit" },
		})
		asks.answer({ response: "messageResponse", text: "Read the file first." })
		const next = await checked
		expect(next.slice(0, 1)).toEqual(turn)
		expect(JSON.stringify(next.slice(1))).toContain("Read the file first.")
		expect(transcript.last).toMatchObject({ say: "user_feedback", text: "Read the file first." })
		// The count starts again: the next turn is not asked about.
		await expect(mistakes.check(turn)).resolves.toBe(turn)
	})

	it("goes on with the turn unchanged when the person answers without words", async () => {
		const { asks, mistakes } = limitOf(1)
		mistakes.made()
		const checked = mistakes.check(turn)
		asks.answer({ response: "yesButtonClicked" })
		await expect(checked).resolves.toBe(turn)
	})
})
