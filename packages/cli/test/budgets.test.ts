import { describe, expect, it } from "vitest"
import { jsonLines, runCli, withWorld, type CliWorld } from "./support/cliProcess.js"
import { complete, readFile } from "./support/scenarios.js"

// The real binary against the model server: each scripted turn reports its usage, so the run's
// spend is known exactly, and the test counts the requests the model server was sent.

const billed = (inputTokens: number) => ({ usage: { inputTokens, outputTokens: 10 } })
const chatRequests = (world: CliWorld) => world.server.requests.filter((r) => r.route === "chat").length

describe.concurrent("--max-tokens and --max-cost: a budget nobody in the run can raise", () => {
	it("stops before the request past the limit and exits 5 with reason budget", () =>
		withWorld(
			{
				files: { "a.txt": "a\n" },
				scenario: [
					{ ...readFile("a.txt"), ...billed(1190) },
					{ ...readFile("a.txt"), ...billed(1190) },
					{ ...complete("never sent"), ...billed(10) },
				],
			},
			async (world) => {
				const run = await runCli(world, [
					...world.providerArgs,
					"-y",
					"--max-tokens",
					"1500",
					"--output-format",
					"stream-json",
					"read twice",
				])
				expect(run.code).toBe(5)
				expect(chatRequests(world)).toBe(2)
				const lines = jsonLines(run.stdout)
				// 1,200 tokens (80%) after the first request: said before the second is sent.
				expect(lines.filter((line) => line.subtype === "budget_notice")).toEqual([
					expect.objectContaining({
						scope: "task",
						spent: expect.objectContaining({ tokens: 1200 }),
					}),
				])
				const result = lines.at(-1)
				expect(result).toMatchObject({
					type: "result",
					success: false,
					reason: "budget",
					exitCode: 5,
					tokens: expect.objectContaining({ input: 2380, output: 20 }),
				})
				expect(String(result?.result)).toMatch(
					/the task's budget is spent: 2,400 tokens of 1,500 tokens/,
				)
				expect(run.stderr).toMatch(/raise the limit \(--max-cost, --max-tokens/)
			},
		))

	it("counts dollars with --max-cost, in the json result too", () =>
		withWorld(
			{
				files: { "a.txt": "a\n" },
				scenario: [{ ...readFile("a.txt"), ...billed(100_000) }, complete()],
			},
			async (world) => {
				const run = await runCli(world, [
					...world.providerArgs,
					"-y",
					"--max-cost",
					"0.01",
					"--output-format",
					"json",
					"read it",
				])
				expect(run.code).toBe(5)
				expect(chatRequests(world)).toBe(1)
				expect(JSON.parse(run.stdout)).toMatchObject({ reason: "budget", exitCode: 5 })
			},
		))

	it("refuses a limit that is not a positive amount", () =>
		withWorld({}, async (world) => {
			const run = await runCli(world, [...world.providerArgs, "--max-cost", "0", "go"])
			expect(run.code).toBe(2)
			expect(run.stderr).toMatch(/--max-cost: "0" is not a positive amount of dollars/)
		}))
})
