import { describe, expect, it } from "vitest"
import type { ApiMessage } from "./apiMessage.js"
import { KeptBody } from "./keptBody.js"
import { toOpenAiMessages, toOpenAiTools } from "./openai/openaiMessages.js"
import { readFileTool, richHistory } from "./test-support/providerTesting.js"

function paramsFor(
	history: readonly ApiMessage[],
	systemPrompt = "Be careful — and brief. 🙂",
	model = "gpt-5.2",
) {
	return {
		model,
		messages: toOpenAiMessages(systemPrompt, history),
		tools: toOpenAiTools([readFileTool]),
		stream: true as const,
		stream_options: { include_usage: true },
	}
}

const odd: ApiMessage = {
	role: "user",
	content: [{ type: "text", text: 'quotes " \\ \n\t\u2028 é 中文 \ud83d a lone half, and "messages":[]' }],
}

function turn(i: number): ApiMessage[] {
	return [
		{
			role: "assistant",
			content: [
				{
					type: "tool_use",
					id: `call_${i}`,
					name: "write_to_file",
					input: { path: `f${i}.txt`, content: "é".repeat(i) },
				},
			],
		},
		{
			role: "user",
			content: [
				{
					type: "tool_result",
					toolUseId: `call_${i}`,
					content: [{ type: "text", text: `wrote f${i}.txt` }],
				},
			],
		},
	]
}

/** The body lent for `params`, as text, given back at once (as a provider does once its request is over). */
function sent(kept: KeptBody, params: object): string {
	const lent = kept.lend(params, "messages" as never)
	const text = lent.body.toString("utf8")
	lent.giveBack()
	return text
}

describe("KeptBody", () => {
	it("lends byte for byte the JSON of the whole body, request after request, as the history grows past its buffer", () => {
		const kept = new KeptBody()
		const history: ApiMessage[] = [...richHistory, odd]
		for (let i = 0; i < 60; i++) {
			const params = paramsFor(history)
			expect(sent(kept, params)).toBe(JSON.stringify(params))
			history.push(...turn(i))
		}
	})

	it("stays exact when the history is cut short (condensed), its start changes, or the rest of the request does", () => {
		const kept = new KeptBody()
		const long = [...richHistory, ...turn(1), ...turn(2), odd]
		const cases = [
			paramsFor(long),
			paramsFor([long[0] as ApiMessage, odd]),
			paramsFor(long),
			paramsFor(long, "Another system prompt"),
			paramsFor(long, "Another system prompt", "gpt-4.1"),
			{ ...paramsFor(long), temperature: 0.5 },
			paramsFor([]),
			paramsFor(long, ""),
		]
		for (const params of cases) expect(sent(kept, params)).toBe(JSON.stringify(params))
	})

	it("builds a body apart while another is still lent, and neither changes the other", () => {
		const kept = new KeptBody()
		const first = paramsFor(richHistory)
		const second = paramsFor([...richHistory, odd])
		const lentFirst = kept.lend(first, "messages")
		const lentSecond = kept.lend(second, "messages")
		expect(lentSecond.body.toString("utf8")).toBe(JSON.stringify(second))
		expect(lentFirst.body.toString("utf8")).toBe(JSON.stringify(first))
		lentSecond.giveBack()
		lentFirst.giveBack()
		expect(sent(kept, second)).toBe(JSON.stringify(second))
	})

	it("serialises the whole body when a value holds the text that marks the messages' place", () => {
		const params = paramsFor(richHistory, "Be careful.", "\u0000cairn:messages\u0000")
		expect(sent(new KeptBody(), params)).toBe(JSON.stringify(params))
	})
})
