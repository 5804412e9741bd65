import { describe, expect, it } from "vitest"
import { AskGate, AskSettled } from "./askGate.js"

describe("AskGate", () => {
	it("resolves the waiting ask the moment an answer arrives", async () => {
		const gate = new AskGate()
		const waiting = gate.wait(1)
		expect(gate.answer({ response: "yesButtonClicked", text: "go" })).toBe(true)
		await expect(waiting).resolves.toEqual({ response: "yesButtonClicked", text: "go" })
		expect(gate.waitingTs).toBeUndefined()
	})

	it("ignores an answer when nothing waits", () => {
		expect(new AskGate().answer({ response: "noButtonClicked" })).toBe(false)
	})

	it("settles a superseded ask instead of leaving it hanging", async () => {
		const gate = new AskGate()
		const first = gate.wait(1)
		const second = gate.wait(2)
		await expect(first).rejects.toEqual(new AskSettled("superseded"))
		gate.answer({ response: "messageResponse", text: "b" })
		await expect(second).resolves.toMatchObject({ text: "b" })
	})

	it("settles the waiting ask on cancel", async () => {
		const gate = new AskGate()
		const waiting = gate.wait(1)
		gate.cancel()
		await expect(waiting).rejects.toMatchObject({ reason: "cancelled" })
		expect(gate.answer({ response: "yesButtonClicked" })).toBe(false)
	})
})
