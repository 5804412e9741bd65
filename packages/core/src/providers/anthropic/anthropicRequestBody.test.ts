import { describe, expect, it } from "vitest"
import type { ApiMessage } from "../apiMessage.js"
import { resolveModelInfo } from "../modelCatalog.js"
import { drain, readFileTool, richHistory, useModelServers } from "../test-support/providerTesting.js"
import type { ModelServer } from "@cairn/model-server"
import type { ProviderSettings } from "@cairn/types"
import { AnthropicProvider, anthropicConnection } from "./anthropicProvider.js"
import { toAnthropicMessages } from "./anthropicMessages.js"

const start = useModelServers()

const odd: ApiMessage = {
	role: "user",
	content: [{ type: "text", text: 'quotes " \\ \n\t\u2028 é 中文 \ud83d a lone half, and "messages":[]' }],
}

/** Claude with prompt caching and thinking; `ready` says whether it sends the kept encodings. */
function claudeAt(server: ModelServer, ready: boolean): AnthropicProvider {
	const settings: ProviderSettings = {
		provider: "anthropic",
		modelId: "claude-opus-5-5",
		baseUrl: server.anthropicBaseURL,
		reasoningBudgetTokens: 8_000,
	}
	const info = resolveModelInfo(settings.provider, settings.modelId, undefined)
	const connection = { ...anthropicConnection(settings, "sk-ant-test"), sendsReadyBody: ready }
	return new AnthropicProvider(settings, info, connection)
}

describe("AnthropicProvider's request body", () => {
	it("is byte for byte what the SDK sends when it serialises the request itself, request after request", async () => {
		const server = await start({ scenario: [{ text: "a" }, { text: "b" }, { text: "c" }, { text: "d" }] })
		const longer: ApiMessage[] = [
			...richHistory,
			{ role: "assistant", content: [{ type: "text", text: "It exports a." }] },
			odd,
		]
		const request = { systemPrompt: "Be careful — and brief. 🙂", tools: [readFileTool] }
		for (const messages of [richHistory, longer])
			for (const ready of [true, false])
				expect((await drain(claudeAt(server, ready), { ...request, messages })).error).toBeUndefined()
		const bodies = server.requests.filter((r) => r.route === "chat").map((r) => r.rawBody)
		expect(bodies).toHaveLength(4)
		expect(bodies[0]).toBe(bodies[1])
		expect(bodies[2]).toBe(bodies[3])
		expect(server.requests[0]?.headers["content-type"]).toBe("application/json")
	})

	it("leaves the kept forms without the cache breakpoints of the request that sent them", async () => {
		const server = await start({ scenario: [{ text: "a" }, { text: "b" }] })
		const provider = claudeAt(server, true)
		const longer: ApiMessage[] = [
			...richHistory,
			{ role: "assistant", content: [{ type: "text", text: "It exports a." }] },
			odd,
			{ role: "assistant", content: [{ type: "text", text: "Noted." }] },
			{ role: "user", content: [{ type: "text", text: "Next." }] },
		]
		await drain(provider, { messages: richHistory })
		await drain(provider, { messages: longer })
		const sent = server.requests.filter((r) => r.route === "chat").at(-1)
		// Fresh messages have no kept forms: what the history converts to on its own.
		const fresh = toAnthropicMessages(structuredClone(longer), true)
		expect(JSON.parse(sent?.rawBody ?? "").messages).toEqual(JSON.parse(JSON.stringify(fresh)))
	})
})
