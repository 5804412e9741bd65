import type { RecordedRequest } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"
import { toolResultsOf } from "../test-support/anthropicHistory.js"

// switch_mode against the model server: the person approves (or the settings do), the task
// works in the new mode from its next request on, and the chat and the history follow.

const switchTo = (mode: string) => ({
	toolCalls: [{ name: "switch_mode", arguments: { mode_slug: mode, reason: "the plan is agreed" } }],
})
const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }

const chat = (agent: AgentHarness): RecordedRequest[] =>
	agent.server.requests.filter((r) => r.route === "chat")
const toolsOffered = (request: RecordedRequest | undefined): string[] =>
	((request?.body as { tools?: { name: string }[] } | undefined)?.tools ?? []).map((t) => t.name)

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("switch_mode", () => {
	it("asks; approved, the task works in the new mode, the chat shows it, and a reopened task keeps it", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { mode: "architect" },
			scenario: [switchTo("code"), done, done],
		})
		const switched: [string, string][] = []
		agent.controller.events.on("taskModeSwitched", (id, mode) => switched.push([id, mode]))
		await agent.send({ type: "newTask", text: "plan, then build" })
		await agent.client.waitForAsk("tool")
		expect(JSON.parse(agent.client.messages.at(-1)?.text ?? "{}")).toEqual({
			tool: "switchMode",
			mode: "code",
			reason: "the plan is agreed",
		})
		expect(toolsOffered(chat(agent)[0])).not.toContain("execute_command")
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		const taskId = agent.client.taskId ?? ""
		expect(toolsOffered(chat(agent)[1])).toContain("execute_command")
		expect(toolResultsOf(chat(agent)[1])).toEqual([{ text: "Switched to code mode.", isError: false }])
		expect(switched).toEqual([[taskId, "code"]])
		// The chat's mode follows (saved as the mode for new tasks, so it may land after the request).
		await agent.client.waitFor(
			(m) => m.received.some((x) => x.type === "modeChanged" && x.mode === "code"),
			"modeChanged",
		)
		expect(agent.controller.settingsStore.settings.mode).toBe("code")

		await agent.controller.flush()
		await agent.controller.settingsStore.update({ mode: "ask" })
		await agent.restart()
		expect(agent.controller.historyItem(taskId)?.mode).toBe("code")
		await agent.send({ type: "showTaskWithId", taskId })
		await agent.client.waitForAsk("resume_completed_task")
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "one more thing" })
		await agent.client.waitForAsk("completion_result")
		expect(toolsOffered(chat(agent).at(-1))).toContain("execute_command")
	})

	it("rejected, the mode stays and the model is told", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { mode: "architect" },
			scenario: [switchTo("code"), done],
		})
		await agent.send({ type: "newTask", text: "plan" })
		await agent.client.waitForAsk("tool")
		await agent.press("secondary")
		await agent.client.waitForAsk("completion_result")
		expect(agent.controller.currentTask?.currentMode).toBe("architect")
		expect(toolsOffered(chat(agent)[1])).not.toContain("execute_command")
		const [result] = toolResultsOf(chat(agent)[1])
		expect(result?.isError).toBe(true)
		expect(result?.text).toMatch(/The user denied the switch to code mode/)
		expect(agent.client.received).not.toContainEqual({ type: "modeChanged", mode: "code" })
	})

	it("auto-approved with alwaysAllowModeSwitch: switches without asking", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { mode: "architect", autoApproval: { enabled: true, alwaysAllowModeSwitch: true } },
			scenario: [switchTo("code"), done],
		})
		await agent.send({ type: "newTask", text: "plan" })
		await agent.client.waitForAsk("completion_result")
		expect(agent.client.messages.some((m) => m.ask === "tool")).toBe(false)
		expect(agent.client.says("tool").map((m) => JSON.parse(m.text ?? "{}").tool)).toContain("switchMode")
		expect(agent.controller.currentTask?.currentMode).toBe("code")
	})

	it("an unknown mode, or the mode the task is in, is an error without asking", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { mode: "architect" },
			scenario: [switchTo("poet"), switchTo("architect"), done],
		})
		await agent.send({ type: "newTask", text: "plan" })
		await agent.client.waitForAsk("completion_result")
		expect(agent.client.messages.some((m) => m.ask === "tool")).toBe(false)
		expect(toolResultsOf(chat(agent)[2])).toEqual([
			{
				text: 'There is no mode "poet". The modes are: code, architect, ask, debug, orchestrator.',
				isError: true,
			},
			{ text: "The task is already in architect mode.", isError: true },
		])
	})
})
