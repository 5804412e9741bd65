import type { CodebaseIndexStatus, ExtensionMessageOf } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

const files: Record<string, string> = { "src/invoice.ts": "export function invoiceTotal() {}\n" }
for (let i = 0; i < 30; i++) files[`src/part${i}.ts`] = `export const part${i} = ${i}\n`

function statuses(harness: AgentHarness): CodebaseIndexStatus[] {
	return harness.client.received
		.filter((m): m is ExtensionMessageOf<"codebaseIndexStatus"> => m.type === "codebaseIndexStatus")
		.map((m) => m.status)
}

function errors(harness: AgentHarness): string[] {
	return harness.client.received.flatMap((m) => (m.type === "error" ? [m.error] : []))
}

async function chooseModel(harness: AgentHarness, baseUrl = harness.server.openaiBaseURL): Promise<void> {
	await harness.send({
		type: "updateTrustSettings",
		settings: { codebaseIndex: { embedding: { provider: "openai", modelId: "embed-test", baseUrl } } },
	})
	await harness.controller.codebaseIndex.idle
}

describe("the codebase index's status, as the Settings view sees it", () => {
	it("is unconfigured until a model is chosen, then indexing, then ready and searchable", async () => {
		agent = await startAgent({ provider: "openai", files, scenario: [] })
		await agent.send({ type: "requestCodebaseIndexStatus" })
		expect(statuses(agent).at(-1)).toMatchObject({ state: "unconfigured", searchable: false })

		await chooseModel(agent)
		const seen = statuses(agent)
		expect(seen.map((s) => s.state)).toContain("indexing")
		expect(seen.at(-1)).toMatchObject({
			state: "ready",
			searchable: true,
			processedFiles: 31,
			totalFiles: 31,
		})
		// Progress is sent in whole percents, not once per file.
		expect(seen.length).toBeLessThanOrEqual(104)

		await agent.send({ type: "updateSettings", settings: { codebaseIndex: { enabled: false } } })
		await agent.controller.codebaseIndex.idle
		expect(statuses(agent).at(-1)).toMatchObject({ state: "off", searchable: false })
	})

	it("refuses to start a run without a model, and says why", async () => {
		agent = await startAgent({ provider: "openai", files, scenario: [] })
		await agent.send({ type: "codebaseIndexControl", action: "start" })
		expect(errors(agent)).toEqual(["Choose an embedding model before building the index."])
		expect(agent.server.requests.filter((r) => r.route === "embeddings")).toHaveLength(0)
	})

	it("reports a run that failed with the reason, and starts again when asked", async () => {
		agent = await startAgent({ provider: "openai", files, scenario: [] })
		// Nothing listens on port 9 (discard) here: the embedding request cannot connect.
		await chooseModel(agent, "http://127.0.0.1:9/v1")
		const failed = statuses(agent).at(-1)
		expect(failed).toMatchObject({ state: "failed", searchable: false })
		expect(failed?.error).toBeTruthy()

		await chooseModel(agent)
		await agent.send({ type: "codebaseIndexControl", action: "start" })
		await agent.controller.codebaseIndex.idle
		expect(statuses(agent).at(-1)).toMatchObject({ state: "ready", searchable: true })
	})

	it("keeps the index's own key in secret storage, and embeds with it from then on", async () => {
		agent = await startAgent({ provider: "openai", files, scenario: [] })
		await agent.send({ type: "updateCodebaseIndexKey", apiKey: "index-only-key" })
		expect(statuses(agent).at(-1)).toMatchObject({ hasOwnKey: true })
		expect(await agent.controller.host.secrets.get("codebaseIndex.apiKey")).toBe("index-only-key")

		await chooseModel(agent)
		const embeddings = agent.server.requests.filter((r) => r.route === "embeddings")
		expect(embeddings.length).toBeGreaterThan(0)
		expect(embeddings.every((r) => r.headers.authorization === "Bearer index-only-key")).toBe(true)

		await agent.send({ type: "updateCodebaseIndexKey" })
		expect(statuses(agent).at(-1)).toMatchObject({ hasOwnKey: false })
		expect(await agent.controller.host.secrets.get("codebaseIndex.apiKey")).toBeUndefined()
	})
})
