import { EventEmitter } from "node:events"
import { describe, expect, it } from "vitest"
import { AskChannel } from "./askChannel.js"
import type { TaskEvents } from "./taskEvents.js"
import { Transcript } from "./transcript.js"

describe("AskChannel", () => {
	it("turns a tool call's preview into its ask even when the person edited the todo list meanwhile", async () => {
		const transcript = new Transcript(() => {})
		const asks = new AskChannel(transcript, new EventEmitter<TaskEvents>())
		const preview = transcript.append({ type: "ask", ask: "tool" }, { text: '{"tool":"readFile"' }, true)
		transcript.append({ type: "say", say: "user_edit_todos" }, { text: "{}" })
		const answered = asks.ask("tool", '{"tool":"readFile","path":"a.ts"}', preview.ts)
		expect(
			transcript.all.map((m) => `${m.ts === preview.ts ? "preview" : "new"}:${m.ask ?? m.say}`),
		).toEqual(["preview:tool", "new:user_edit_todos"])
		expect(transcript.all[0]).toMatchObject({ partial: false, text: '{"tool":"readFile","path":"a.ts"}' })
		asks.answer({ response: "yesButtonClicked" })
		await expect(answered).resolves.toMatchObject({ response: "yesButtonClicked" })
	})
})
