import { mkdtemp, rm, writeFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { TrackingRules } from "./trackingRules.js"

let workspace: string
beforeEach(async () => {
	workspace = await mkdtemp(path.join(os.tmpdir(), "cairn-tracking-rules-"))
})
afterEach(() => rm(workspace, { recursive: true, force: true }))

const megabyte = 1024 * 1024
const load = (previous?: TrackingRules) => TrackingRules.load(workspace, megabyte, previous)
const write = (name: string, text: string) => writeFile(path.join(workspace, name), text)

describe("what checkpoints keep", () => {
	it("never keeps secrets, dependencies or build output, and keeps the rest", async () => {
		const rules = await load()
		expect(rules.excludedBecause(".env")).toMatch(/never keeps/)
		expect(rules.excludedBecause("web/node_modules/x/index.js")).toMatch(/never keeps/)
		expect(rules.excludedBecause("src/a.ts")).toBeUndefined()
	})

	it("leaves out what an ignore file names, saying which file", async () => {
		await write(".cairnignore", "secret/\n")
		await write(".cursorignore", "*.log\n")
		const rules = await load()
		expect(rules.excludedBecause("secret/key.txt")).toBe("it is in .cairnignore")
		expect(rules.excludedBecause("logs/run.log")).toBe("it is in .cursorignore")
		expect(rules.excludedBecause("src/a.ts")).toBeUndefined()
	})

	it("leaves out a file over the size limit", async () => {
		const rules = await load()
		expect(rules.excludedBecause("big.bin", megabyte + 1)).toMatch(
			/larger than the checkpoint size limit \(1 MB\)/,
		)
		expect(rules.excludedBecause("big.bin", megabyte)).toBeUndefined()
	})

	it("follows an ignore file that changed since the rules it was loaded after", async () => {
		await write(".cairnignore", "secret/\n")
		await write(".rooignore", "*.tmp\n")
		const first = await load()

		await write(".cairnignore", "private/\n")
		const second = await load(first)
		expect(second.excludedBecause("secret/key.txt")).toBeUndefined()
		expect(second.excludedBecause("private/key.txt")).toBe("it is in .cairnignore")
		expect(second.excludedBecause("a.tmp")).toBe("it is in .rooignore")

		await rm(path.join(workspace, ".rooignore"))
		const third = await load(second)
		expect(third.excludedBecause("a.tmp")).toBeUndefined()
		expect(third.excludeFile).not.toContain("*.tmp")
		expect(third.excludeFile).toContain("private/")
	})
})
