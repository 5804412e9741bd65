import { access, readdir, readFile } from "node:fs/promises"
import path from "node:path"
import type { TurnFunction } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { createWorld, jsonLines, runCli, type CliWorld } from "./support/cliProcess.js"
import { complete, runCommand } from "./support/scenarios.js"

let world: CliWorld | undefined
afterEach(async () => {
	await world?.cleanup()
	world = undefined
})

/** A sleep no other process on the machine runs: found by its arguments, in or out of the sandbox. */
const marker = "7394211"

/** Whether a live (not zombie) process runs `sleep <marker>`. */
async function markerRuns(): Promise<boolean> {
	for (const pid of await readdir("/proc")) {
		if (!/^\d+$/.test(pid)) continue
		const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")
		if (!cmdline.split("\0").includes(marker)) continue
		const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "")
		if (stat !== "" && !stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) return true
	}
	return false
}

/** The model's next turn, once the command has made `file` (it waits on the command, not on time). */
const once =
	(file: string, turn: ReturnType<typeof complete>): TurnFunction =>
	async () => {
		const where = path.join(world?.workspace ?? "", file)
		for (let tries = 0; tries < 500; tries++) {
			if (
				await access(where).then(
					() => true,
					() => false,
				)
			)
				return turn
			await new Promise((resolve) => setTimeout(resolve, 20))
		}
		throw new Error(`${file} never appeared`)
	}

describe("commands in stream-json", () => {
	it("a command that fails ends its call with status error and its exit code", async () => {
		world = await createWorld({ scenario: [runCommand("echo broken; exit 4"), complete()] })
		const run = await runCli(world, [
			...world.providerArgs,
			"-y",
			"--output-format",
			"stream-json",
			"fail",
		])
		const result = jsonLines(run.stdout).find((l) => l.type === "tool_result")
		expect(result).toMatchObject({
			name: "execute_command",
			status: "error",
			exitCode: 4,
			output: "broken\n",
		})
	})

	it("a background command runs on while the task goes on and ends, process tree and all, with the run", async () => {
		const command = `sleep ${marker} & echo started; touch started.txt; wait`
		world = await createWorld({
			scenario: [
				{ toolCalls: [{ name: "execute_command", arguments: { command, background: true } }] },
				once("started.txt", complete("The server runs.")),
			],
		})
		const run = await runCli(world, [
			...world.providerArgs,
			"-y",
			"--output-format",
			"stream-json",
			"serve",
		])
		expect(run.code).toBe(0)
		const lines = jsonLines(run.stdout)
		const background = lines.filter((l) => l.subtype === "background_command")
		expect(background).toEqual([
			{ type: "system", subtype: "background_command", id: "cmd_1", command, state: "running" },
			expect.objectContaining({
				id: "cmd_1",
				state: "ended",
				stoppedBy: "task",
				exit: expect.objectContaining({ stopped: true }),
			}),
		])
		const output = lines
			.filter((l) => l.type === "background_output")
			.map((l) => l.delta)
			.join("")
		expect(output).toBe("started\n")
		expect(await markerRuns()).toBe(false)
	})
})
