import type { ExtensionMessage } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { ClientMirror, startAgent, type AgentHarness } from "../test-support/agentHarness.js"

const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("the Controller speaks the protocol", () => {
	it("answers webviewDidLaunch with a state snapshot, then the MCP servers, the codebase index and the slash commands, to that client only", async () => {
		agent = await startAgent({ provider: "openai" })
		const other: ExtensionMessage[] = []
		agent.controller.attach((m) => other.push(m))
		const replies: ExtensionMessage[] = []
		await agent.controller.handleWebviewMessage({ type: "webviewDidLaunch" }, (m) => replies.push(m))
		expect(replies.map((m) => m.type)).toEqual([
			"state",
			"mcpServers",
			"codebaseIndexStatus",
			"slashCommands",
		])
		expect(replies[1]).toEqual({ type: "mcpServers", servers: [], problems: [] })
		expect(replies[2]).toMatchObject({ type: "codebaseIndexStatus", status: { state: "unconfigured" } })
		expect(other).toEqual([])
	})

	it("tells every client the language of Cairn's text when the language setting changes", async () => {
		agent = await startAgent({ provider: "openai" })
		await agent.send({ type: "updateSettings", settings: { language: "ja" } })
		expect(agent.client.received.at(-1)).toMatchObject({ type: "settingsUpdated", language: "ja" })
		await agent.send({ type: "updateSettings", settings: { language: "pt-PT" } })
		expect(agent.client.received.at(-1)).toMatchObject({ type: "settingsUpdated", language: "pt-BR" })
	})

	it("answers an invalid message with a precise error and keeps working", async () => {
		agent = await startAgent({ provider: "openai", scenario: [done] })
		const replies: ExtensionMessage[] = []
		await agent.controller.handleWebviewMessage({ type: "askResponse", askResponse: "maybe" }, (m) =>
			replies.push(m),
		)
		expect(replies).toEqual([
			{
				type: "error",
				code: "invalid_message",
				error: expect.stringMatching(/^askResponse: askResponse/),
			},
		])
		await agent.send({ type: "newTask", text: "still fine" })
		await agent.client.waitForAsk("completion_result")
	})

	it("refuses a new task with a clear error when no provider is configured", async () => {
		agent = await startAgent({ provider: "openai", withoutProvider: true })
		const replies: ExtensionMessage[] = []
		await agent.controller.handleWebviewMessage({ type: "newTask", text: "x" }, (m) => replies.push(m))
		expect(replies).toEqual([
			expect.objectContaining({
				type: "error",
				code: "failed",
				error: expect.stringMatching(/No model provider/),
			}),
		])
	})

	it("sends every attached client the same stream, and a late client catches up from a snapshot", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [{ text: "Thinking out loud.", textChunks: 10, toolCalls: done.toolCalls }],
		})
		const second = new ClientMirror()
		agent.controller.attach(second.receive)
		await agent.send({ type: "newTask", text: "go" })
		await agent.client.waitForAsk("completion_result")
		await second.waitForAsk("completion_result")
		expect(second.messages).toEqual(agent.client.messages)
		const late = new ClientMirror()
		await agent.controller.handleWebviewMessage({ type: "requestState" }, late.receive)
		expect(late.messages).toEqual(agent.client.messages)
		expect([agent.client.gaps, second.gaps]).toEqual([[], []])
	})

	it("keeps streaming updates small: each delta carries one message, whatever the transcript's length", async () => {
		agent = await startAgent({
			provider: "openai",
			scenario: [{ text: "word ".repeat(400), textChunks: 200, toolCalls: done.toolCalls }],
		})
		await agent.send({ type: "newTask", text: "stream" })
		await agent.client.waitForAsk("completion_result")
		const deltas = agent.client.received.filter((m) => m.type === "messageUpdated")
		const states = agent.client.received.filter((m) => m.type === "state")
		expect(states).toHaveLength(1)
		// 200 chunks are coalesced into far fewer posts.
		expect(
			deltas.filter((m) => m.type === "messageUpdated" && m.message.say === "text").length,
		).toBeLessThan(60)
	})

	it("updates settings and says so to every client; bad settings are refused", async () => {
		agent = await startAgent({ provider: "openai" })
		await agent.send({ type: "updateTrustSettings", settings: { autoApproval: { readOnly: true } } })
		const update = agent.client.received.find((m) => m.type === "settingsUpdated")
		expect(update?.type === "settingsUpdated" && update.settings.autoApproval.readOnly).toBe(true)
		const replies: ExtensionMessage[] = []
		await agent.controller.handleWebviewMessage(
			{ type: "updateSettings", settings: { consecutiveMistakeLimit: -1 } },
			(m) => replies.push(m),
		)
		expect(replies[0]?.type).toBe("error")
		expect(agent.controller.settingsStore.settings.consecutiveMistakeLimit).toBe(3)
	})

	it("the generic updateSettings cannot change a trust setting: the patch is refused whole, naming it", async () => {
		agent = await startAgent({ provider: "openai" })
		const before = structuredClone(agent.controller.settingsStore.settings)
		for (const settings of [
			{ commandSandbox: false, mode: "ask" },
			{ autoApproval: { execute: true } },
			{ allowedCommands: ["*"] },
			{
				provider: {
					provider: "openai" as const,
					modelId: "gpt-4.1",
					baseUrl: "http://127.0.0.1:9/v1",
				},
			},
		]) {
			const replies: ExtensionMessage[] = []
			await agent.controller.handleWebviewMessage({ type: "updateSettings", settings }, (m) =>
				replies.push(m),
			)
			expect(replies).toEqual([
				expect.objectContaining({
					type: "error",
					inReplyTo: "updateSettings",
					error: expect.stringMatching(
						/(commandSandbox|autoApproval\.execute|allowedCommands|provider\.baseUrl) is a trust setting/,
					),
				}),
			])
		}
		expect(agent.controller.settingsStore.settings).toEqual(before)
		// Choosing another model on the same endpoint is everyday; so is the mode.
		await agent.send({
			type: "updateSettings",
			settings: { mode: "ask", provider: { ...before.provider!, modelId: "gpt-4.1-mini" } },
		})
		expect(agent.controller.settingsStore.settings).toMatchObject({
			mode: "ask",
			provider: { modelId: "gpt-4.1-mini" },
		})
		// The person's own controls send the change as such.
		await agent.send({ type: "updateTrustSettings", settings: { commandSandbox: false } })
		expect(agent.controller.settingsStore.settings.commandSandbox).toBe(false)
	})
})

describe("API events follow seed 002's lifecycle", () => {
	it("created, started, messages, paused at the ask, responded, unpaused, completed", async () => {
		agent = await startAgent({
			provider: "openai",
			scenario: [
				{ toolCalls: [{ name: "write_to_file", arguments: { path: "a.txt", content: "a" } }] },
				done,
			],
		})
		const events: string[] = []
		const names = [
			"taskCreated",
			"taskStarted",
			"taskPaused",
			"taskAskResponded",
			"taskUnpaused",
			"taskCompleted",
			"taskInteractive",
			"taskIdle",
		] as const
		for (const name of names) agent.controller.events.on(name, () => events.push(name))
		agent.controller.events.on("taskTokenUsageUpdated", () => events.push("usage"))
		agent.controller.events.on("message", () => {
			if (events.at(-1) !== "message") events.push("message")
		})
		// A listener that throws must not disturb the task or the others.
		agent.controller.events.on("message", () => {
			throw new Error("a buggy listener")
		})
		await agent.send({ type: "newTask", text: "write" })
		await agent.client.waitForAsk("tool")
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		const compact = events.filter((e, i) => e !== events[i - 1])
		expect(compact.slice(0, 3)).toEqual(["taskCreated", "taskStarted", "message"])
		const paused = compact.indexOf("taskPaused")
		expect(compact.slice(paused, paused + 4)).toEqual([
			"taskPaused",
			"taskInteractive",
			"taskAskResponded",
			"taskUnpaused",
		])
		expect(compact).toContain("usage")
		expect(compact.indexOf("taskCompleted")).toBeGreaterThan(compact.indexOf("taskUnpaused"))
		expect(
			agent.logs.some(
				(l) => l.level === "error" && l.message.includes('A listener of "message" threw'),
			),
		).toBe(true)
	})
})
