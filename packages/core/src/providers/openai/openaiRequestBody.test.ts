import { describe, expect, it } from "vitest"
import type { ApiMessage } from "../apiMessage.js"
import {
	drain,
	openaiAt,
	readFileTool,
	richHistory,
	useModelServers,
} from "../test-support/providerTesting.js"
import { encodeBodyWithKeptMessages } from "../keptEncoding.js"
import { toOpenAiMessages, toOpenAiTools } from "./openaiMessages.js"

const start = useModelServers()

function paramsFor(history: readonly ApiMessage[], model = "gpt-5.2") {
	return {
		model,
		messages: toOpenAiMessages("Be careful — and brief. 🙂", history),
		tools: toOpenAiTools([readFileTool]),
		temperature: 0.2,
		stream: true as const,
		stream_options: { include_usage: true },
	}
}

const odd: ApiMessage = {
	role: "user",
	content: [{ type: "text", text: 'quotes " \\ \n\t\u2028 é 中文 \ud83d a lone half, and "messages":[]' }],
}

describe("encodeBodyWithKeptMessages, on a Chat Completions body", () => {
	it("is byte for byte the JSON of the whole body, as the SDK would have sent it", () => {
		for (const history of [[], richHistory, [...richHistory, odd]]) {
			const params = paramsFor(history)
			expect(encodeBodyWithKeptMessages(params, "messages").toString("utf8")).toBe(
				JSON.stringify(params),
			)
		}
	})

	it("stays exact when the history grows and its kept encodings are reused", () => {
		const history: ApiMessage[] = [...richHistory]
		encodeBodyWithKeptMessages(paramsFor(history), "messages")
		history.push({ role: "assistant", content: [{ type: "text", text: "It exports a." }] }, odd)
		const params = paramsFor(history)
		expect(encodeBodyWithKeptMessages(params, "messages").toString("utf8")).toBe(JSON.stringify(params))
	})

	it("serialises the whole body when a value holds the text that marks the messages' place", () => {
		const params = paramsFor(richHistory, "\u0000cairn:messages\u0000")
		expect(encodeBodyWithKeptMessages(params, "messages").toString("utf8")).toBe(JSON.stringify(params))
	})
})

describe("OpenAiProvider's request body", () => {
	it("reaches the server as compact JSON with the whole history, request after request, on one client", async () => {
		const server = await start({ scenario: [{ text: "one" }, { text: "two" }] })
		const provider = openaiAt(server)
		const request = { systemPrompt: "Be careful.", messages: richHistory, tools: [readFileTool] }
		expect((await drain(provider, request)).error).toBeUndefined()
		const longer: ApiMessage[] = [
			...richHistory,
			{ role: "assistant", content: [{ type: "text", text: "one" }] },
			odd,
		]
		expect((await drain(provider, { ...request, messages: longer })).error).toBeUndefined()
		const [first, second] = server.requests.filter((r) => r.route === "chat")
		for (const [sent, history] of [
			[first, richHistory],
			[second, longer],
		] as const) {
			expect(sent?.headers["content-type"]).toBe("application/json")
			expect(sent?.rawBody).toBe(JSON.stringify(JSON.parse(sent?.rawBody ?? "")))
			expect(JSON.parse(sent?.rawBody ?? "").messages).toEqual(
				JSON.parse(JSON.stringify(toOpenAiMessages("Be careful.", history))),
			)
		}
	})
})
