import { readdir, readFile, stat } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { taskToMarkdown } from "../export/taskMarkdown.js"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

async function filesUnder(dir: string): Promise<string[]> {
	const entries = await readdir(dir, { withFileTypes: true, recursive: true })
	return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

describe("API keys stay in secret storage", () => {
	it("never appear in settings, logs, task files or exports; the secrets file is 0600", async () => {
		const key = "sk-cairn-test-7f3a9c1e5b"
		agent = await startAgent({
			provider: "openai",
			scenario: [{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }],
		})
		await agent.send({ type: "updateApiKey", provider: "openai", apiKey: key })
		await agent.send({ type: "newTask", text: "use the key" })
		await agent.client.waitForAsk("completion_result")
		await agent.controller.flush()

		const request = agent.server.requests.find((r) => r.route === "chat")
		expect(request?.headers.authorization).toBe(`Bearer ${key}`)

		const storage = agent.controller.host.storageDir
		const files = await filesUnder(storage)
		const secretsFile = files.find((f) => path.basename(f) === "secrets.json")
		expect(secretsFile).toBeDefined()
		expect((await stat(secretsFile ?? "")).mode & 0o777).toBe(0o600)
		for (const file of files.filter((f) => f !== secretsFile)) {
			expect(await readFile(file, "utf8"), file).not.toContain(key)
		}
		expect(JSON.stringify(agent.logs)).not.toContain(key)
		expect(JSON.stringify(agent.client.received)).not.toContain(key)
		const task = agent.controller.currentTask
		expect(taskToMarkdown("use the key", task?.messages ?? [])).not.toContain(key)
	})
})

describe("an API key a server echoes in its error message", () => {
	it.each(["anthropic", "openai", "ollama"] as const)(
		"%s: is redacted from the failure ask (its text and problem), the task files and the log",
		async (provider) => {
			const key = "test-key" // the harness's
			const echo = (status: number) => ({ error: { status, message: "Bad", echoApiKey: true } })
			const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }
			agent = await startAgent({ provider, scenario: [echo(500), echo(401), done] })
			await agent.send({ type: "newTask", text: "go" })
			await agent.client.waitForAsk("api_req_failed")
			await agent.press("primary")
			await agent.client.waitForAsk("completion_result")
			await agent.controller.flush()

			// The retry row says the 500 only while retrying; the failure ask (text and problem) keeps the 401's.
			const failed = agent.client.messages.find((m) => m.ask === "api_req_failed")
			expect(failed?.text).toContain("Bad (API key: [redacted])")
			expect(failed?.problem?.params.said).toContain("Bad (API key: [redacted])")
			expect(JSON.stringify(agent.client.messages)).not.toContain(key)
			const files = await filesUnder(agent.controller.host.storageDir)
			const stored = await Promise.all(
				files.filter((f) => path.basename(f) !== "secrets.json").map((f) => readFile(f, "utf8")),
			)
			expect(stored.join("\n")).toContain("Bad (API key: [redacted])")
			expect(stored.join("\n")).not.toContain(key)
			expect(JSON.stringify(agent.logs)).not.toContain(key)
		},
	)
})
