import { readFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { uiMessagesFileName } from "../persistence/uiMessageJournal.js"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

/** The journal's bytes, and the bytes of the lines that hold each message's latest version. */
async function journalSizes(file: string): Promise<{ written: number; latest: number }> {
	const lines = (await readFile(file, "utf8")).split("\n").filter((line) => line !== "")
	const latest = new Map<number, number>()
	for (const line of lines) latest.set((JSON.parse(line) as { ts: number }).ts, Buffer.byteLength(line) + 1)
	return {
		written: lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0),
		latest: [...latest.values()].reduce((sum, size) => sum + size, 0),
	}
}

describe("the UI message journal of a task", () => {
	it("is written about once: the usage a request row shows while its answer streams is not journaled line by line", async () => {
		const turns = 20
		agent = await startAgent({
			provider: "openai",
			settings: { autoApproval: { enabled: true, readOnly: true, write: true } },
			scenario: [
				...Array.from({ length: turns }, (_, i) => ({
					toolCalls: [
						{
							name: "write_to_file",
							arguments: { path: `files/f${i}.txt`, content: `File ${i}.\n`.repeat(4) },
						},
					],
					argumentChunks: 5,
				})),
				{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Wrote them." } }] },
			],
		})
		await agent.send({ type: "newTask", text: "write the files" })
		await agent.client.waitForAsk("completion_result")
		const task = agent.controller.currentTask
		await agent.controller.flush()
		const file = path.join(
			agent.controller.host.storageDir,
			"tasks",
			task?.taskId ?? "",
			uiMessagesFileName,
		)
		const { written, latest } = await journalSizes(file)
		// A request row is journaled when it starts (so a crash still shows it) and when it ends;
		// every other row once. Streaming each usage estimate made it 3x.
		expect(written / latest).toBeLessThan(1.5)
		// What the client was shown last is what is on disk.
		await agent.restart()
		await agent.send({ type: "showTaskWithId", taskId: task?.taskId ?? "" })
		await agent.client.waitForAsk("resume_completed_task")
		expect(agent.client.says("api_req_started").map((m) => m.text)).toEqual(
			task?.messages.filter((m) => m.say === "api_req_started").map((m) => m.text),
		)
	})
})
