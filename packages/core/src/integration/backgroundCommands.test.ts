import { readFile } from "node:fs/promises"
import { lastToolResult, type Turn } from "@cairn/model-server"
import { backgroundCommandRowSchema, type BackgroundCommandRow } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// The grandchild holds the output pipe, so the command has ended only once it is gone too.
const server = "echo ready; sleep 1000 & echo child=$!; wait"
const startInBackground: Turn = {
	toolCalls: [{ name: "execute_command", arguments: { command: server, background: true } }],
}
// The model waits for the person, so the test can act while the command runs.
const askPerson: Turn = {
	toolCalls: [
		{ name: "ask_followup_question", arguments: { question: "Go on?", follow_up: [{ text: "yes" }] } },
	],
}
const readIt: Turn = { toolCalls: [{ name: "read_command_output", arguments: { id: "cmd_1" } }] }
const complete: Turn = { toolCalls: [{ name: "attempt_completion", arguments: { result: "ok" } }] }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

function backgroundRow(): BackgroundCommandRow | undefined {
	const row = agent?.client.says("background_command").at(-1)
	return row === undefined ? undefined : backgroundCommandRowSchema.parse(JSON.parse(row.text ?? ""))
}

async function rowWhere(test: (row: BackgroundCommandRow) => boolean, what: string) {
	await agent?.client.waitFor(() => {
		const row = backgroundRow()
		return row !== undefined && test(row)
	}, what)
	return backgroundRow() as BackgroundCommandRow
}

/** A process that is gone or a zombie waiting to be reaped. */
async function gone(pid: number): Promise<boolean> {
	const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => undefined)
	return stat === undefined || stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")
}

async function startedServer(scenario: Turn[]): Promise<number> {
	agent = await startAgent({ provider: "anthropic", scenario: [startInBackground, askPerson, ...scenario] })
	await agent.send({ type: "newTask", text: "start the dev server" })
	await agent.client.waitForAsk("command")
	expect(JSON.parse(agent.client.messages.at(-1)?.text ?? "{}")).toMatchObject({ background: true })
	await agent.press("primary")
	await agent.client.waitForAsk("followup")
	const running = await rowWhere((row) => /child=\d+/.test(row.output), "the server's output")
	expect(running).toMatchObject({ id: "cmd_1", command: server, state: "running" })
	const child = Number(/child=(\d+)/.exec(running.output)?.[1])
	expect(await gone(child)).toBe(false)
	return child
}

describe("background commands in a task", { timeout: 30_000 }, () => {
	it("runs on while the task goes on; the person's Stop ends it and the model is told", async () => {
		const child = await startedServer([readIt, complete])
		await agent?.send({ type: "stopBackgroundCommand", id: "cmd_1" })
		expect(await rowWhere((row) => row.state === "ended", "the stopped row")).toMatchObject({
			stoppedBy: "person",
			exit: { stopped: true },
		})
		expect(await gone(child)).toBe(true)
		await agent?.press("primary", "yes")
		await agent?.client.waitForAsk("completion_result")
		const read = agent?.server.requests.filter((r) => r.route === "chat")[3]
		expect(read && lastToolResult(read)).toMatch(
			/^Command "cmd_1" \(.*\) was stopped by the user\.\nNew output:\nready\nchild=/,
		)
	})

	it("ends with the task when it completes, its whole process tree with it", async () => {
		const child = await startedServer([complete])
		await agent?.press("primary", "finish")
		await agent?.client.waitForAsk("completion_result")
		expect(await rowWhere((row) => row.state === "ended", "the ended row")).toMatchObject({
			stoppedBy: "task",
		})
		expect(await gone(child)).toBe(true)
	})

	it("has its ended row shown by the time the task's work is flushed (the CLI's result follows it)", async () => {
		// Its shell ignores SIGTERM, so it ends a moment after the task asked it to.
		const stubborn = "trap '' TERM; echo ready; while :; do sleep 0.2; done"
		const run: Turn = {
			toolCalls: [{ name: "execute_command", arguments: { command: stubborn, background: true } }],
		}
		agent = await startAgent({ provider: "anthropic", scenario: [run, askPerson, complete] })
		await agent.send({ type: "newTask", text: "start it" })
		await agent.client.waitForAsk("command")
		await agent.press("primary")
		await agent.client.waitForAsk("followup")
		await rowWhere((row) => row.output.includes("ready"), "the command's output")
		await agent.press("primary", "finish")
		await agent.client.waitForAsk("completion_result")
		await agent.controller.flush()
		expect(backgroundRow()).toMatchObject({ state: "ended", stoppedBy: "task" })
	})

	it("ends with the task when it is cancelled", async () => {
		const child = await startedServer([])
		await agent?.send({ type: "cancelTask" })
		expect(await rowWhere((row) => row.state === "ended", "the ended row")).toMatchObject({
			stoppedBy: "task",
		})
		expect(await gone(child)).toBe(true)
	})
})
