import { describe, expect, it } from "vitest"
import type { ApiStreamChunk } from "../providers/modelProvider.js"
import { Transcript } from "../task/transcript.js"
import { streamTurn, TurnOutput } from "./streamTurn.js"

async function* chunks(list: ApiStreamChunk[]): AsyncIterable<ApiStreamChunk> {
	yield* list
}

async function run(list: ApiStreamChunk[]) {
	const transcript = new Transcript(() => undefined)
	const output = new TurnOutput()
	await streamTurn(chunks(list), output, transcript, new Map())
	return { output, transcript }
}

describe("streamTurn", () => {
	it("keeps each signed reasoning block apart, including a signed block with no text", async () => {
		const { output } = await run([
			{ type: "reasoning", text: "first " },
			{ type: "reasoning", text: "thought" },
			{ type: "reasoning", text: "", signature: "sig-1" },
			{ type: "reasoning", text: "", signature: "sig-2" },
			{ type: "text", text: "Answer" },
		])
		expect(output.assistantBlocks(false)).toEqual([
			{ type: "reasoning", text: "first thought", signature: "sig-1" },
			{ type: "reasoning", text: "", signature: "sig-2" },
			{ type: "text", text: "Answer" },
		])
	})

	it("shows reasoning and text as two rows that end final", async () => {
		const { transcript } = await run([
			{ type: "reasoning", text: "hmm" },
			{ type: "text", text: "Hello " },
			{ type: "text", text: "there" },
		])
		expect(transcript.all.map((m) => [m.say, m.text, m.partial])).toEqual([
			["reasoning", "hmm", false],
			["text", "Hello there", false],
		])
	})

	it("collects complete tool calls and usage", async () => {
		const { output } = await run([
			{ type: "tool_call_partial", index: 0, id: "c1", name: "read_file", argumentsDelta: '{"path":' },
			{ type: "tool_call_partial", index: 0, argumentsDelta: '"a.ts"}' },
			{ type: "tool_call", index: 0, id: "c1", name: "read_file", arguments: '{"path":"a.ts"}' },
			{ type: "usage", inputTokens: 10, outputTokens: 3 },
		])
		expect(output.toolUses.map((u) => [u.name, u.input])).toEqual([["read_file", { path: "a.ts" }]])
		expect(output.usage).toEqual({ inputTokens: 10, outputTokens: 3 })
	})
})
