import type { ExtensionMessageOf } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

const errors = (a: AgentHarness) =>
	a.client.received.filter((m): m is ExtensionMessageOf<"error"> => m.type === "error").map((m) => m.error)

const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("the person's language", () => {
	it("reaches the model's system prompt and the clients' snapshot, and follows a change of the setting", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { language: "ja" },
			scenario: [done, done],
		})
		expect((await agent.controller.snapshot()).language).toBe("ja")
		await agent.send({ type: "newTask", text: "hello" })
		await agent.client.waitForAsk("completion_result")
		await agent.send({ type: "updateSettings", settings: { language: "pt-BR" } })
		expect((await agent.controller.snapshot()).language).toBe("pt-BR")
		await agent.send({ type: "newTask", text: "olá" })
		// The first task's completion ask is still the last message until the new task's rows arrive.
		await agent.client.waitFor(
			(m) => m.messages[0]?.text === "olá" && m.messages.at(-1)?.ask === "completion_result",
			"the second task's completion",
		)
		const systems = agent.server.requests
			.filter((r) => r.route === "chat")
			.map((r) => JSON.stringify((r.body as { system?: unknown }).system))
		expect(systems).toHaveLength(2)
		expect(systems[0]).toContain("Speak to the user in Japanese (ja)")
		expect(systems[1]).toContain("Speak to the user in Brazilian Portuguese (pt-BR)")
	})

	it("is the language of the errors a handler sends, from the moment the setting changes", async () => {
		agent = await startAgent({ provider: "anthropic", scenario: [] })
		await agent.send({ type: "showTaskWithId", taskId: "gone" })
		await agent.send({ type: "updateSettings", settings: { language: "ja" } })
		await agent.send({ type: "showTaskWithId", taskId: "gone" })
		await agent.send({ type: "codebaseIndexControl", action: "start" })
		await agent.send({ type: "createProfile", name: "GPT-4.1" })
		await agent.send({ type: "createProfile", name: "GPT-4.1" })
		await agent.send({ type: "updateSettings", settings: { language: "de" } })
		await agent.send({ type: "newTask", text: "/mode" })
		expect(errors(agent)).toEqual([
			"There is no task gone in the history.",
			"履歴にタスク gone はありません。",
			"インデックスを作成する前に埋め込みモデルを選択してください。",
			'"GPT-4.1" という名前のプロファイルは既に存在します。',
			"/mode braucht den Modus, zu dem gewechselt werden soll, z. B. /mode architect.",
		])
	})

	it("is the language of the connection test's answer", async () => {
		agent = await startAgent({
			provider: "openai",
			settings: { language: "ja" },
			server: { models: ["gpt-4.1"] },
			scenario: [],
		})
		await agent.send({ type: "testConnection", requestId: 1 })
		const tested = agent.client.received.find((m) => m.type === "connectionTested")
		expect(tested?.type === "connectionTested" && tested.result).toEqual({
			ok: true,
			message: `${agent.server.openaiBaseURL} の OpenAI 互換サーバー に接続しました: 1 個のモデルがあり、"gpt-4.1" も含まれています。`,
			modelCount: 1,
		})
	})
})
