import { describe, expect, it } from "vitest"
import { Transcript, type TranscriptChange } from "./transcript.js"

function recorded() {
	const changes: TranscriptChange[] = []
	const transcript = new Transcript((change) => changes.push(change))
	return {
		transcript,
		changes,
		actions: () => changes.map((c) => `${c.action}:${c.message.say ?? c.message.ask}`),
	}
}

describe("Transcript (seed 003's say/ask partial semantics)", () => {
	it("streams a partial say into one message and completes it in place", () => {
		const { transcript, actions } = recorded()
		const first = transcript.say("text", { text: "Hel" }, true)
		transcript.say("text", { text: "Hello" }, true)
		const done = transcript.say("text", { text: "Hello world" }, false)
		expect(done.ts).toBe(first.ts)
		expect(transcript.all).toEqual([
			{ ts: first.ts, type: "say", say: "text", text: "Hello world", partial: false },
		])
		expect(actions()).toEqual(["created:text", "updated:text", "updated:text"])
	})

	it("starts a new message when the kind changes", () => {
		const { transcript } = recorded()
		transcript.say("reasoning", { text: "hmm" }, true)
		transcript.say("text", { text: "Answer" }, true)
		expect(transcript.all.map((m) => m.say)).toEqual(["reasoning", "text"])
	})

	it("adds a complete message after a completed one of the same kind", () => {
		const { transcript } = recorded()
		transcript.say("text", { text: "a" }, false)
		transcript.say("text", { text: "b" }, true)
		expect(transcript.all).toHaveLength(2)
	})

	it("streams a partial ask and completes it as the same message", () => {
		const { transcript } = recorded()
		const partial = transcript.ask("tool", { text: '{"tool":"readFile","path":"a"}' }, true)
		const final = transcript.ask("tool", { text: '{"tool":"readFile","path":"a.ts"}' }, false)
		expect(final.ts).toBe(partial.ts)
		expect(transcript.all).toHaveLength(1)
	})

	it("gives unique, increasing timestamps even within one millisecond", () => {
		const { transcript } = recorded()
		for (let i = 0; i < 50; i++) transcript.say("text", { text: String(i) })
		const ts = transcript.all.map((m) => m.ts)
		expect(new Set(ts).size).toBe(50)
		expect([...ts].sort((a, b) => a - b)).toEqual(ts)
	})

	it("updates a message by ts and finalizes a message left partial", () => {
		const { transcript, changes } = recorded()
		const request = transcript.say("api_req_started", { text: "{}" })
		transcript.say("text", { text: "cut off" }, true)
		transcript.update(request.ts, { text: '{"cost":0}' })
		transcript.finalizePartial()
		expect(transcript.all[0]?.text).toBe('{"cost":0}')
		expect(transcript.last?.partial).toBe(false)
		expect(changes.at(-1)?.action).toBe("updated")
	})
})
