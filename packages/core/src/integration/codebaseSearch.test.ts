import { lastToolResult, type RecordedRequest } from "@cairn/model-server"
import { codebaseSearchResultSchema, type CairnSettingsPatch } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

const files = {
	"src/billing/invoice.ts":
		"// Applies the customer's discount to the invoice total.\nexport function invoiceTotalWithDiscount() {\n\treturn 0\n}\n",
	"src/ui/sidebar.ts": "export function renderSidebar() {}\n",
}
const search = { toolCalls: [{ name: "codebase_search", arguments: { query: "invoice discount" } }] }
const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }
const readOnly: CairnSettingsPatch = { autoApproval: { enabled: true, readOnly: true } }

const chats = (harness: AgentHarness) => harness.server.requests.filter((r) => r.route === "chat")
const offeredTools = (request: RecordedRequest | undefined) =>
	((request?.body as { tools?: { function: { name: string } }[] } | undefined)?.tools ?? []).map(
		(tool) => tool.function.name,
	)

describe("codebase_search in a task", () => {
	it("is offered once the workspace is indexed, and its results reach the model and the transcript", async () => {
		agent = await startAgent({ provider: "openai", files, settings: readOnly, scenario: [search, done] })
		await agent.send({
			type: "updateTrustSettings",
			settings: {
				codebaseIndex: {
					embedding: {
						provider: "openai",
						modelId: "embed-test",
						baseUrl: agent.server.openaiBaseURL,
					},
				},
			},
		})
		await agent.controller.codebaseIndex.idle
		expect(agent.controller.codebaseIndex.isReady()).toBe(true)
		// No key of the index's own: the one given to the OpenAI profile is used.
		const firstEmbedding = agent.server.requests.find((r) => r.route === "embeddings")
		expect(firstEmbedding?.headers.authorization).toBe("Bearer test-key")

		await agent.send({ type: "newTask", text: "Where do invoices get their discount?" })
		await agent.client.waitForAsk("completion_result")
		expect(offeredTools(chats(agent)[0])).toContain("codebase_search")
		expect(lastToolResult(chats(agent)[1] as RecordedRequest)).toContain("# src/billing/invoice.ts:1-4")
		const [row] = agent.client.says("codebase_search_result")
		const shown = codebaseSearchResultSchema.parse(JSON.parse(row?.text ?? "null"))
		expect(shown).toMatchObject({
			query: "invoice discount",
			results: [{ path: "src/billing/invoice.ts" }],
		})
	})

	it("is not offered without an embedding model, nor after indexing is turned off", async () => {
		agent = await startAgent({ provider: "openai", files, scenario: [done] })
		await agent.send({ type: "newTask", text: "hi" })
		await agent.client.waitForAsk("completion_result")
		expect(offeredTools(chats(agent)[0])).not.toContain("codebase_search")
		expect(agent.server.requests.filter((r) => r.route === "embeddings")).toHaveLength(0)

		await agent.send({
			type: "updateTrustSettings",
			settings: {
				codebaseIndex: {
					embedding: {
						provider: "openai",
						modelId: "embed-test",
						baseUrl: agent.server.openaiBaseURL,
					},
				},
			},
		})
		await agent.controller.codebaseIndex.idle
		expect(agent.controller.codebaseIndex.isReady()).toBe(true)
		await agent.send({ type: "updateSettings", settings: { codebaseIndex: { enabled: false } } })
		expect(agent.controller.codebaseIndex.isReady()).toBe(false)
	})
})
