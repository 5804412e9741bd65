import { afterEach, describe, expect, it } from "vitest"
import { createWorld, jsonLines, runCli, spawnCli, type CliWorld } from "./support/cliProcess.js"
import { complete } from "./support/scenarios.js"

let world: CliWorld | undefined
afterEach(async () => {
	await world?.cleanup()
	world = undefined
})

const delegate = (mode: string, message: string) => ({
	toolCalls: [{ name: "new_task", arguments: { mode, message } }],
})

describe("subtasks in a headless run", () => {
	it("-P follows the whole stack: spawn and return events with both ids, and ends at the root's completion", async () => {
		world = await createWorld({
			scenario: [
				delegate("code", "first job"),
				complete("first result"),
				delegate("ask", "second job"),
				complete("second result"),
				complete("Both delegated and done."),
			],
		})
		const run = await runCli(world, [
			...world.providerArgs,
			"--mode",
			"orchestrator",
			"-y",
			"--output-format",
			"stream-json",
			"-P",
			"delegate two jobs",
		])
		expect(run.stderr).not.toMatch(/error/i)
		expect(run.code).toBe(0)
		const lines = jsonLines(run.stdout)
		const root = lines.find((l) => l.subtype === "task_started")?.taskId
		const moves = lines.filter((l) => l.subtype === "subtask_started" || l.subtype === "subtask_returned")
		expect(moves.map((l) => [l.subtype, l.parentTaskId])).toEqual([
			["subtask_started", root],
			["subtask_returned", root],
			["subtask_started", root],
			["subtask_returned", root],
		])
		expect(moves[0]?.taskId).toBe(moves[1]?.taskId)
		expect(moves[2]?.taskId).not.toBe(moves[0]?.taskId)
		// The parent's rows are reported once: its first request is not repeated after a return.
		expect(lines.filter((l) => l.type === "user" && l.text === "delegate two jobs")).toHaveLength(1)
		expect(lines.at(-1)).toMatchObject({
			type: "result",
			success: true,
			result: "Both delegated and done.",
			taskId: root,
		})
	})

	it("SIGINT in a subtask, then -c: the subtask resumes, returns to its parent, and the stack completes", async () => {
		world = await createWorld({
			scenario: [
				delegate("code", "child job"),
				{
					text: "Working on the child job, slowly, word after word.",
					textChunks: 40,
					// Part of the answer, then nothing until the CLI is interrupted, however busy the machine.
					stallAfterChunks: 20,
				},
				complete("child result"),
				complete("Parent done after the child."),
			],
		})
		const first = spawnCli(world, [
			...world.providerArgs,
			"--mode",
			"orchestrator",
			"-y",
			"--output-format",
			"stream-json",
			"delegate one job",
		])
		await first.waitForLine((l) => l.subtype === "subtask_started", "the subtask")
		await first.waitForLine((l) => l.type === "assistant" && l.done === false, "the subtask streaming")
		first.child.kill("SIGINT")
		const interrupted = await first.exited
		expect(interrupted.code).toBe(130)
		const root = jsonLines(interrupted.stdout).find((l) => l.subtype === "task_started")?.taskId

		const resumed = await runCli(world, ["-c", "-y", "--output-format", "stream-json"])
		expect(resumed.stderr).not.toMatch(/error/i)
		expect(resumed.code).toBe(0)
		const lines = jsonLines(resumed.stdout)
		expect(lines).toContainEqual(
			expect.objectContaining({ type: "system", subtype: "subtask_returned", parentTaskId: root }),
		)
		expect(lines.at(-1)).toMatchObject({
			type: "result",
			success: true,
			result: "Parent done after the child.",
			taskId: root,
		})
	})
})
