import { afterEach, describe, expect, it } from "vitest"
import { createWorld, jsonLines, runCli, spawnCli, type CliWorld } from "./support/cliProcess.js"
import { complete } from "./support/scenarios.js"

let world: CliWorld | undefined
afterEach(async () => {
	await world?.cleanup()
	world = undefined
})

const slowText = {
	text: "A long answer that streams slowly, word after word, for a while.",
	textChunks: 40,
	chunkDelayMs: 60,
}

describe("SIGINT, then -c", () => {
	it("SIGINT mid-stream exits 130 with the task saved; -c resumes it and completes", async () => {
		world = await createWorld({ scenario: [slowText, complete("Resumed and done.")] })
		const first = spawnCli(world, [
			...world.providerArgs,
			"--output-format",
			"stream-json",
			"explain slowly",
		])
		await first.waitForLine((l) => l.type === "assistant" && l.done === false, "streaming text")
		first.child.kill("SIGINT")
		const interrupted = await first.exited
		expect(interrupted.code).toBe(130)
		expect(interrupted.stderr).toMatch(/cancelled\. The task is saved: continue it with `cairn -c`/)
		const lines = jsonLines(interrupted.stdout)
		const taskId = lines.at(-1)?.taskId
		expect(lines.at(-1)).toMatchObject({
			type: "result",
			success: false,
			reason: "interrupted",
			exitCode: 130,
		})

		const resumed = await runCli(world, ["-c", "-y", "--output-format", "stream-json"])
		expect(resumed.stderr).not.toMatch(/error/i)
		expect(resumed.code).toBe(0)
		const after = jsonLines(resumed.stdout)
		expect(after).toContainEqual(
			expect.objectContaining({ type: "system", subtype: "task_resumed", taskId }),
		)
		expect(after.at(-1)).toMatchObject({
			type: "result",
			success: true,
			result: "Resumed and done.",
			taskId,
		})
		// The resumed request carries what streamed before the interrupt, then the resumption note.
		const request = world.server.requests.filter((r) => r.route === "chat")[1]
		const messages = (request?.body as { messages: { role: string; content: { text?: string }[] }[] })
			.messages
		const kept = messages.find((m) => m.role === "assistant")?.content[0]?.text ?? ""
		expect(kept.length).toBeGreaterThan(0)
		expect(slowText.text.startsWith(kept)).toBe(true)
		expect(JSON.stringify(messages.at(-1))).toMatch(/TASK RESUMPTION/)
	})

	it("--session-id continues a completed task with a new prompt", async () => {
		world = await createWorld({ scenario: [complete("First."), complete("Second.")] })
		const first = await runCli(world, [...world.providerArgs, "--output-format", "json", "one"])
		const taskId = (jsonLines(first.stdout)[0] as { taskId: string }).taskId
		const again = await runCli(world, [
			"--session-id",
			taskId,
			"--output-format",
			"json",
			"and one more thing",
		])
		expect(again.code).toBe(0)
		expect(jsonLines(again.stdout)[0]).toMatchObject({ success: true, result: "Second.", taskId })
		const request = world.server.requests.filter((r) => r.route === "chat")[1]
		expect(JSON.stringify(request?.body)).toContain("and one more thing")
	})

	it("--session-id with an unknown id is a usage error", async () => {
		world = await createWorld()
		const run = await runCli(world, [...world.providerArgs, "--session-id", "no-such-task", "x"])
		expect(run.code).toBe(2)
		expect(run.stderr).toMatch(/--session-id: there is no task no-such-task in this workspace/)
	})
})
