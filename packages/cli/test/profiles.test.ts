import { readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { runCli, withWorld, type CliWorld } from "./support/cliProcess.js"

const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }
const modelsAsked = (world: CliWorld) =>
	world.server.requests.filter((r) => r.route === "chat").map((r) => (r.body as { model?: string }).model)

/** Adds a profile to the settings a first run saved in $CAIRN_HOME, as the Settings view would. */
async function addProfile(world: CliWorld, name: string, modelId: string): Promise<void> {
	const file = path.join(world.cairnHome, "state.json")
	const state = JSON.parse(await readFile(file, "utf8")) as { settings: { profiles: unknown[] } }
	state.settings.profiles.push({
		id: `profile-${name}`,
		name,
		provider: { provider: "ollama", modelId, baseUrl: world.server.url },
	})
	await writeFile(file, JSON.stringify(state))
}

describe("cairn --profile", () => {
	it("runs with the saved profile of that name, and keeps it current for the next run", () =>
		withWorld({ provider: "ollama", scenario: [done, done, done] }, async (world) => {
			expect((await runCli(world, [...world.providerArgs, "--no-tui", "first"])).code).toBe(0)
			await addProfile(world, "Local other", "qwen-other")
			expect((await runCli(world, ["--profile", "local other", "--no-tui", "second"])).code).toBe(0)
			expect((await runCli(world, ["--no-tui", "third"])).code).toBe(0)
			expect(modelsAsked(world)).toEqual(["qwen3:8b", "qwen-other", "qwen-other"])
		}))

	it("refuses a name that is not saved, listing the saved ones", () =>
		withWorld({ provider: "ollama", scenario: [done] }, async (world) => {
			expect((await runCli(world, [...world.providerArgs, "--no-tui", "first"])).code).toBe(0)
			const run = await runCli(world, ["--profile", "Work", "--no-tui", "x"])
			expect(run.code).toBe(2)
			expect(run.stderr).toContain('cairn: --profile: there is no profile "Work". Profiles: qwen3:8b')
		}))
})
