import { readFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { createWorld, jsonLines, runCli, type CliWorld } from "./support/cliProcess.js"
import { complete, writeFile } from "./support/scenarios.js"
import { mountSmallDisk, type SmallDisk } from "./support/smallDisk.js"

let world: CliWorld | undefined
let disk: SmallDisk | undefined
afterEach(async () => {
	await disk?.unmount()
	await world?.cleanup()
	disk = undefined
	world = undefined
})

async function journalLines(home: string, taskId: string, name: string) {
	const text = await readFile(path.join(home, "tasks", taskId, name), "utf8")
	const complete = text.slice(0, text.lastIndexOf("\n") + 1)
	return jsonLines(complete)
}

// More than the 256 KiB left free: the message holding it cannot be journaled. The free space
// still holds the task's start: its journals, its ledger and the checkpoints' shadow repository,
// whose first commit stages the workspace before the first change (128 KiB no longer does).
const bigAnswer = `${"All of it, explained at length. ".repeat(12_000)}\n`

describe("a full disk", () => {
	it("stops the task with exit code 4 and what to do; what was saved stays intact and -c resumes once space is freed", async (ctx) => {
		world = await createWorld({
			scenario: [
				writeFile("hello.txt", "hello\n"),
				{
					text: bigAnswer,
					toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }],
				},
				complete("Resumed and done."),
			],
		})
		const mounted = await mountSmallDisk(world.cairnHome, 2048).catch((error: Error) =>
			ctx.skip(error.message),
		)
		disk = mounted
		await mounted.fill(256 * 1024)

		const run = await runCli(world, [...world.providerArgs, "-y", "--output-format", "json", "add hello"])
		expect(run.code).toBe(4)
		const result = jsonLines(run.stdout).at(-1)
		expect(result).toMatchObject({
			type: "result",
			success: false,
			reason: "storage_failed",
			exitCode: 4,
		})
		expect(run.stderr).toMatch(/could not save .* so the task was stopped: ENOSPC/)
		expect(run.stderr).toMatch(
			/The disk is full: free some space, then resume the task\. Continue it with `cairn -c`/,
		)
		expect(await world.read("hello.txt")).toBe("hello\n")

		// What was saved before the disk filled up is whole: every complete line parses, and the
		// first turn and its tool result are there (a cut-off last line is what loading ignores).
		const taskId = String(result?.taskId)
		const messages = await journalLines(world.cairnHome, taskId, "ui_messages.jsonl")
		const api = await journalLines(world.cairnHome, taskId, "api_history.jsonl")
		expect(messages.some((m) => m.ask === "tool" && String(m.text).includes("hello.txt"))).toBe(true)
		expect(messages.some((m) => m.say === "completion_result")).toBe(false)
		expect(JSON.stringify(api)).toContain("tool_result")

		await mounted.free()
		const resumed = await runCli(world, ["-c", "-y", "--output-format", "json"])
		// The write cut short by the full disk is a torn last line, ignored as after a crash.
		expect(resumed.stderr).not.toMatch(/ ERROR /)
		expect(resumed.code).toBe(0)
		expect(jsonLines(resumed.stdout).at(-1)).toMatchObject({
			success: true,
			result: "Resumed and done.",
			taskId,
		})
		const index = JSON.parse(await readFile(path.join(world.cairnHome, "tasks", "index.json"), "utf8"))
		expect(index.items).toHaveLength(1)
	})
})
