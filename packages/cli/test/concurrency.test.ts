import { readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { createWorld, jsonLines, runCli, spawnCli, type CliWorld } from "./support/cliProcess.js"
import { complete, runCommand } from "./support/scenarios.js"

let world: CliWorld | undefined
afterEach(async () => {
	await world?.cleanup()
	world = undefined
})

const json = ["--output-format", "json"]

describe("one writer per task", () => {
	it("two `cairn -c` at once: one continues the task, the other stops with a clear error, and the tool runs once", async () => {
		// The command holds the task open until the test says go: the winner is still running
		// while the loser tries, however fast or slow the machine.
		const counted = runCommand("echo ran >> runs.txt && until [ -f go ]; do sleep 0.05; done")
		world = await createWorld({ scenario: [counted, counted, complete("Done once.")] })
		const first = await runCli(world, [...world.providerArgs, ...json, "count the runs"])
		expect(first.code).toBe(3)

		const both = [0, 1].map(() => spawnCli(world, ["-c", "-y", ...json], { input: "" }))
		const loser = await Promise.race(both.map((cli) => cli.exited))
		expect(loser.code).toBe(1)
		expect(loser.stderr).toMatch(
			/cairn: Task [\w-]+ is open in another process( \(pid \d+\))?\. Close it there/,
		)
		expect(jsonLines(loser.stdout).at(-1)).toMatchObject({ success: false, reason: "task_locked" })

		await writeFile(path.join(world.workspace, "go"), "")
		const runs = await Promise.all(both.map((cli) => cli.exited))
		const winner = runs.find((run) => run !== loser)
		expect(winner?.code).toBe(0)
		expect(jsonLines(winner?.stdout ?? "").at(-1)).toMatchObject({ success: true, result: "Done once." })
		expect(await world.read("runs.txt")).toBe("ran\n")
	})

	it("the lock of a process killed with -9 is taken over at once by the next `cairn -c`", async () => {
		const blocked = runCommand("until [ -f go ]; do sleep 0.05; done")
		world = await createWorld({ scenario: [blocked, blocked, complete("Resumed after the kill.")] })
		const first = await runCli(world, [...world.providerArgs, ...json, "wait for go"])
		expect(first.code).toBe(3)
		const killed = spawnCli(world, ["-c", "-y", "--output-format", "stream-json"], { input: "" })
		try {
			await killed.waitForLine(
				(l) => l.type === "tool_use" && l.name === "execute_command",
				"the command",
			)
			killed.child.kill("SIGKILL")
			expect((await killed.exited).signal).toBe("SIGKILL")
			const next = await runCli(world, ["-c", "-y", ...json])
			expect(next.stderr).not.toMatch(/open in another process/)
			expect(next.code).toBe(0)
			expect(jsonLines(next.stdout).at(-1)).toMatchObject({
				success: true,
				result: "Resumed after the kill.",
			})
		} finally {
			// The killed run's command outlives it; this ends it.
			await writeFile(path.join(world.workspace, "go"), "")
		}
	})

	it("six tasks at once in one CAIRN_HOME: the history index lists all six, each completed", async () => {
		world = await createWorld({ scenario: Array.from({ length: 6 }, () => complete()) })
		const runs = await Promise.all(
			Array.from({ length: 6 }, (_, i) =>
				runCli(world, [...world!.providerArgs, ...json, `task ${i}`]),
			),
		)
		expect(runs.map((run) => run.code)).toEqual([0, 0, 0, 0, 0, 0])
		const ids = runs.map((run) => String(jsonLines(run.stdout).at(-1)?.taskId))
		const index = JSON.parse(
			await readFile(path.join(world.cairnHome, "tasks", "index.json"), "utf8"),
		) as {
			items: { id: string; status?: string }[]
		}
		expect(index.items.map((item) => item.id).sort()).toEqual([...ids].sort())
		expect(index.items.map((item) => item.status)).toEqual(Array(6).fill("completed"))

		const listed = await runCli(world, ["list", "tasks"])
		for (const i of [0, 1, 2, 3, 4, 5]) expect(listed.stdout).toContain(`task ${i}`)
	})
})
