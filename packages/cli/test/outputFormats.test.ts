import { afterEach, describe, expect, it } from "vitest"
import { createWorld, jsonLines, runCli, type CliWorld } from "./support/cliProcess.js"
import { complete, writeFile } from "./support/scenarios.js"

let world: CliWorld | undefined
afterEach(async () => {
	await world?.cleanup()
	world = undefined
})

const answer = (text: string) => ({ text, textChunks: 8, usage: { inputTokens: 120, outputTokens: 30 } })

describe("output formats", () => {
	it("text: streams the answer once, shows the edit and ends with the cost", async () => {
		world = await createWorld({
			scenario: [
				{ ...answer("I will write the greeting file now."), ...writeFile("hello.txt", "hi\n") },
				complete("Wrote hello.txt."),
			],
		})
		const run = await runCli(world, [...world.providerArgs, "-y", "--no-tui", "write a greeting"])
		expect(run.stderr).not.toMatch(/error/i)
		expect(run.code).toBe(0)
		expect(run.stdout.split("I will write the greeting file now.")).toHaveLength(2)
		expect(run.stdout).toContain("● Write hello.txt")
		expect(run.stdout).toContain("+hi")
		expect(run.stdout).toContain("✓ Wrote hello.txt.")
		expect(run.stdout).toMatch(/Cost \$\d/)
		expect(await world.read("hello.txt")).toBe("hi\n")
	})

	it("stream-json: init, events, result; every line is JSON and deltas add up to the text", async () => {
		world = await createWorld({
			scenario: [{ ...answer("Streaming in eight pieces, exactly once."), ...complete("All done.") }],
		})
		const run = await runCli(world, [
			...world.providerArgs,
			"--output-format",
			"stream-json",
			"say something",
		])
		expect(run.code).toBe(0)
		const lines = jsonLines(run.stdout)
		expect(lines[0]).toMatchObject({
			type: "init",
			schemaVersion: 1,
			provider: "anthropic",
			model: "claude-sonnet-5",
		})
		const deltas = lines.filter((l) => l.type === "assistant" && l.done === false)
		const done = lines.find((l) => l.type === "assistant" && l.done === true)
		expect(deltas.map((l) => l.delta).join("")).toBe("Streaming in eight pieces, exactly once.")
		expect(done).toMatchObject({ text: "Streaming in eight pieces, exactly once.", id: deltas[0]?.id })
		expect(lines.some((l) => l.type === "cost")).toBe(true)
		expect(lines.at(-1)).toMatchObject({
			type: "result",
			success: true,
			result: "All done.",
			exitCode: 0,
		})
		expect(typeof lines.at(-1)?.taskId).toBe("string")
	})

	it("json: one object with the result and the finished events", async () => {
		world = await createWorld({ scenario: [{ ...answer("Short answer."), ...complete("Finished.") }] })
		const run = await runCli(world, [...world.providerArgs, "--output-format", "json", "-P", "answer"])
		expect(run.code).toBe(0)
		const lines = jsonLines(run.stdout)
		expect(lines).toHaveLength(1)
		const result = lines[0] as { events: Record<string, unknown>[] } & Record<string, unknown>
		expect(result).toMatchObject({ type: "result", success: true, result: "Finished." })
		expect(result.events.some((e) => e.type === "assistant" && e.done === false)).toBe(false)
		expect(result.events).toContainEqual(
			expect.objectContaining({ type: "assistant", text: "Short answer.", done: true }),
		)
	})
})
