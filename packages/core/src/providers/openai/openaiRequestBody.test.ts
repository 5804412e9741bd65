import { describe, expect, it } from "vitest"
import type { ApiMessage } from "../apiMessage.js"
import {
	drain,
	openaiAt,
	readFileTool,
	richHistory,
	useModelServers,
} from "../test-support/providerTesting.js"
import { toOpenAiMessages } from "./openaiMessages.js"

const start = useModelServers()

const odd: ApiMessage = {
	role: "user",
	content: [{ type: "text", text: 'quotes " \\ \n\t\u2028 é 中文 \ud83d a lone half, and "messages":[]' }],
}

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
