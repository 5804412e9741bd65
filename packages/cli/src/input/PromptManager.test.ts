import { PassThrough } from "node:stream"
import { describe, expect, it } from "vitest"
import type { PendingQuestion } from "@cairn/core"
import { createStyle } from "../output/style.js"
import { PromptManager } from "./PromptManager.js"

function setup() {
	const input = new PassThrough()
	let written = ""
	const prompts = new PromptManager({
		input,
		output: { write: (text: string) => (written += text) },
		style: createStyle(false),
	})
	return { input, prompts, output: () => written }
}

const message = { ts: 1, type: "ask" as const, ask: "tool" as const }
const question = (overrides: Partial<PendingQuestion> = {}): PendingQuestion => ({
	ts: 1,
	ask: "tool",
	message,
	blockers: [],
	...overrides,
})

describe("PromptManager", () => {
	it("reads y / n / feedback for an approval, asking again on an empty line", async () => {
		const { input, prompts, output } = setup()
		const signal = new AbortController().signal
		const yes = prompts.ask(question({ blockers: ["a.txt is outside the workspace"] }), signal)
		input.write("\n")
		await new Promise((resolve) => setTimeout(resolve, 10))
		input.write("y\n")
		await expect(yes).resolves.toEqual({ kind: "yes" })
		expect(output()).toContain("! a.txt is outside the workspace")
		expect(output().match(/Approve\?/g)).toHaveLength(2)
		const feedback = prompts.ask(question(), signal)
		input.write("not that file\n")
		await expect(feedback).resolves.toEqual({ kind: "text", text: "not that file" })
	})

	it("takes a suggestion's number or a typed answer for a follow-up", async () => {
		const { input, prompts } = setup()
		const followup = { question: "Which?", suggest: [{ answer: "red" }, { answer: "blue" }] }
		const picked = prompts.ask(question({ ask: "followup", followup }), new AbortController().signal)
		input.write("2\n")
		await expect(picked).resolves.toEqual({ kind: "text", text: "blue" })
	})

	it("an empty line at an idle ask declines; a withdrawn question and closed input reject", async () => {
		const { input, prompts } = setup()
		const retry = prompts.ask(question({ ask: "api_req_failed" }), new AbortController().signal)
		input.write("\n")
		await expect(retry).resolves.toEqual({ kind: "no" })
		const abort = new AbortController()
		const withdrawn = prompts.ask(question(), abort.signal)
		abort.abort()
		await expect(withdrawn).rejects.toThrow(/withdrawn/)
		const closed = prompts.line("? ")
		input.end()
		await expect(closed).rejects.toThrow(/ended/)
	})
})
