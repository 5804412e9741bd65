import { createServer } from "node:net"
import type { ClineMessage } from "@cairn/types"
import { apiRetryDelaySchema, clineApiReqInfoSchema } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

/** A port on 127.0.0.1 nothing listens on: bound by the system, then closed. */
async function closedPort(): Promise<number> {
	const server = createServer()
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
	const address = server.address()
	await new Promise<void>((resolve) => server.close(() => resolve()))
	if (address === null || typeof address === "string") throw new Error("no port")
	return address.port
}

/** The rows whose text or payload says `words`: a failure must be told by one of them only. */
const rowsSaying = (messages: readonly ClineMessage[], words: RegExp) =>
	messages.filter((m) => words.test(JSON.stringify({ text: m.text, problem: m.problem })))

describe("a request that fails for good is told once, with its cause and kind", () => {
	it("a dead base URL: retried in one row, then one ask naming ECONNREFUSED as provider_unreachable", async () => {
		agent = await startAgent({ provider: "openai" })
		const dead = `http://127.0.0.1:${await closedPort()}/v1`
		const current = agent.controller.settingsStore.settings.provider
		if (current === undefined) throw new Error("the harness configured no provider")
		await agent.controller.settingsStore.update({ provider: { ...current, baseUrl: dead } })

		await agent.send({ type: "newTask", text: "x" })
		await agent.client.waitForAsk("api_req_failed")

		const messages = agent.client.messages
		const ask = messages.at(-1)
		expect(ask?.problem).toMatchObject({
			kind: "provider_unreachable",
			params: { endpoint: dead, said: expect.stringMatching(/ECONNREFUSED/) },
		})
		// The English stays for logs and older clients, with the real cause, not "fetch failed".
		expect(ask?.text).toMatch(/ECONNREFUSED/)
		expect(ask?.text).not.toMatch(/fetch failed/)
		expect(rowsSaying(messages, /ECONNREFUSED/)).toEqual([ask])

		const requests = agent.client.says("api_req_started")
		expect(requests).toHaveLength(1)
		const request = clineApiReqInfoSchema.parse(JSON.parse(requests[0]?.text ?? "{}"))
		expect(request.cancelReason).toBe("streaming_failed")
		expect(request.streamingFailedMessage).toBeUndefined()

		const retries = agent.client.says("api_req_retry_delayed")
		expect(retries).toHaveLength(1)
		const retry = apiRetryDelaySchema.parse(JSON.parse(retries[0]?.text ?? "{}"))
		expect(retry).toMatchObject({ attempt: 2, maxAttempts: 2, result: "failed" })
		expect(retry.error).toBeUndefined()
	})

	it("a 401: not retried, one ask saying the key was refused, as provider_auth", async () => {
		agent = await startAgent({
			provider: "openai",
			scenario: [{ error: { status: 401, message: "invalid api key" } }],
		})
		await agent.send({ type: "newTask", text: "x" })
		await agent.client.waitForAsk("api_req_failed")

		const messages = agent.client.messages
		const ask = messages.at(-1)
		expect(agent.server.requests.filter((r) => r.route === "chat")).toHaveLength(1)
		expect(agent.client.says("api_req_retry_delayed")).toHaveLength(0)
		expect(ask?.problem).toMatchObject({
			kind: "provider_auth",
			params: { status: 401, said: "invalid api key" },
		})
		expect(ask?.text).toMatch(/API key .* was rejected/)
		expect(rowsSaying(messages, /invalid api key/)).toEqual([ask])
	})
})

describe("a provider that cannot be built", () => {
	it("no key: the client's error reply carries provider_no_key, the English stays for the CLI", async () => {
		agent = await startAgent({ provider: "anthropic" })
		await agent.controller.settingsStore.setApiKey("anthropic", undefined)
		await agent.send({ type: "newTask", text: "x" })
		const reply = agent.client.received.find((message) => message.type === "error")
		expect(reply).toMatchObject({
			type: "error",
			inReplyTo: "newTask",
			problem: { kind: "provider_no_key", params: { endpoint: "Anthropic" } },
		})
		expect(reply?.type === "error" && reply.error).toMatch(/No API key is set for Anthropic/)
	})
})
