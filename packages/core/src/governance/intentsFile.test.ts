import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { isInProgress, loadIntents } from "./intentsFile.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeEach(async () => {
	temp = await makeTempDir("cairn-intents-")
})
afterEach(() => temp.remove())

const writeIntents = async (text: string) => {
	await mkdir(path.join(temp.dir, ".orchestration"), { recursive: true })
	await writeFile(path.join(temp.dir, ".orchestration/active_intents.yaml"), text)
}

describe("the intents file", () => {
	it("is off when the file is missing", async () => {
		expect(await loadIntents(temp.dir)).toEqual({ kind: "off" })
	})

	it("reads active_intents with their scope, constraints and criteria", async () => {
		await writeIntents(
			[
				"active_intents:",
				"  - id: INT-001",
				"    name: Login form",
				"    status: IN_PROGRESS",
				"    owner: sam",
				"    owned_scope: ['src/auth/**']",
				"    constraints: [No new dependencies]",
				"    acceptance_criteria: [Tests pass]",
				"  - id: INT-002",
				"    name: Docs",
				"    status: DONE",
			].join("\n"),
		)
		const state = await loadIntents(temp.dir)
		expect(state).toEqual({
			kind: "on",
			intents: [
				{
					id: "INT-001",
					name: "Login form",
					status: "IN_PROGRESS",
					owned_scope: ["src/auth/**"],
					constraints: ["No new dependencies"],
					acceptance_criteria: ["Tests pass"],
				},
				{
					id: "INT-002",
					name: "Docs",
					status: "DONE",
					owned_scope: [],
					constraints: [],
					acceptance_criteria: [],
				},
			],
		})
		if (state.kind === "on") expect(state.intents.map(isInProgress)).toEqual([true, false])
	})

	it("also takes a bare list", async () => {
		await writeIntents("- {id: A, name: a, status: in_progress}\n")
		const state = await loadIntents(temp.dir)
		expect(state.kind === "on" && state.intents.map((i) => [i.id, isInProgress(i)])).toEqual([
			["A", true],
		])
	})

	it.each([
		["active_intents: [\n  - id: x", /not valid YAML: .*line \d+/],
		["", /is empty/],
		["active_intents:\n  - id: A\n    status: IN_PROGRESS\n", /active_intents\.0\.name/],
		[
			"active_intents:\n  - {id: A, name: a, status: X}\n  - {id: A, name: b, status: Y}\n",
			/duplicate id A/,
		],
		["just a string", /not a valid intents file/],
	])("reports what is wrong with %j", async (text, problem) => {
		await writeIntents(text)
		const state = await loadIntents(temp.dir)
		expect(state.kind).toBe("broken")
		if (state.kind === "broken") expect(state.problem).toMatch(problem)
	})

	it("is broken, not off, when the file exists but cannot be read", async () => {
		await mkdir(path.join(temp.dir, ".orchestration/active_intents.yaml"), { recursive: true })
		const state = await loadIntents(temp.dir)
		expect(state).toMatchObject({
			kind: "broken",
			problem: expect.stringMatching(/is a folder, not a regular file; it was not read/),
		})
	})
})
