import { mkdtemp, readFile, rm } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { afterEach, describe, expect, it } from "vitest"
import { createWorld, runCli, type CliWorld } from "./support/cliProcess.js"
import { complete, writeFile } from "./support/scenarios.js"

const recordLoads = fileURLToPath(new URL("./support/recordLoads.mjs", import.meta.url))
const recordYoungGeneration = fileURLToPath(new URL("./support/recordYoungGeneration.mjs", import.meta.url))

let world: CliWorld | undefined
let folder: string | undefined
afterEach(async () => {
	await world?.cleanup()
	world = undefined
	if (folder) await rm(folder, { recursive: true, force: true })
	folder = undefined
})

/** Runs `cairn` and returns the names of the files it read from node_modules and dist/. */
async function filesRead(args: string[], env: Record<string, string> = {}): Promise<string[]> {
	folder = await mkdtemp(path.join(os.tmpdir(), "cairn-loads-"))
	const record = path.join(folder, "loads.txt")
	const run = await runCli(world, args, {
		env: { ...env, CAIRN_RECORD_LOADS: record, NODE_OPTIONS: `--import ${recordLoads}` },
	})
	expect(run.stderr).not.toMatch(/error/i)
	expect(run.code).toBe(0)
	const urls = (await readFile(record, "utf8")).split("\n").filter(Boolean)
	return urls.map((url) => path.basename(fileURLToPath(url)))
}

// The bundle's chunks are named after the module they start from ("openai-<hash>.js" is the
// openai SDK, "cl100k_base-" the tokenizer's tables, "sdk-" and "vertex-sdk-" Anthropic's,
// "dist-cjs-" AWS's, "client-" and "transport-" the MCP SDK's, "runTui-" Ink and React,
// "otlpSession-" the OpenTelemetry SDK, read only when the person turned the export on).
const agent = /^runCommand-/
const providerSdks = /^(openai|sdk|vertex-sdk|dist-cjs)-/
const rarelyNeeded = /^(cl100k_base|client|transport|runTui|otlpSession)-/
// The CLI's languages other than English (which every run reads: it fills in what a language lacks).
const otherLanguage = /^(zh-CN|zh-TW|ja|ko|es|pt-BR|de|fr|ru|tr)-/

describe("what a command loads", () => {
	it("--help reads the command line only: not the agent, a provider's SDK or the tokenizer", async () => {
		const read = await filesRead(["--help"])
		expect(read).toContain("cairn.js")
		expect(read).not.toContain("web-tree-sitter.js")
		expect(
			read.filter((file) => agent.test(file) || providerSdks.test(file) || rarelyNeeded.test(file)),
		).toEqual([])
		expect(read.filter((file) => otherLanguage.test(file))).toEqual([])
	})

	it("reads the messages of the person's language and of no other", async () => {
		const read = await filesRead(["--help"], { LANG: "ja_JP.UTF-8" })
		expect(read.filter((file) => otherLanguage.test(file)).map((file) => file.split("-")[0])).toEqual([
			"ja",
		])
	})

	it("a headless run reads its provider's SDK and no other, nor the tokenizer far from the window's limit", async () => {
		world = await createWorld({
			provider: "openai",
			scenario: [writeFile("hello.txt", "hi\n"), complete("Wrote hello.txt.")],
		})
		const read = await filesRead([...world.providerArgs, "-y", "--no-tui", "write a greeting"])
		expect(await world.read("hello.txt")).toBe("hi\n")
		expect(read.filter((file) => agent.test(file))).toHaveLength(1)
		expect(read.filter((file) => providerSdks.test(file)).map((file) => file.split("-")[0])).toEqual([
			"openai",
		])
		expect(read.filter((file) => rarelyNeeded.test(file))).toEqual([])
	})
})

describe("the CLI's memory", () => {
	// Without youngGeneration.ts, V8 doubled it from 2 to 8 MB during --help alone, and to 32 MB
	// in any real task. A Node whose V8 refuses the setting (newer than 22) fails here: then the
	// limit has to come from Node's own start (--max-semi-space-size).
	it("keeps V8's young generation at its first size (2 MB)", async () => {
		folder = await mkdtemp(path.join(os.tmpdir(), "cairn-young-"))
		const record = path.join(folder, "new-space.txt")
		const run = await runCli(world, ["--help"], {
			env: { CAIRN_RECORD_YOUNG_GENERATION: record, NODE_OPTIONS: `--import ${recordYoungGeneration}` },
		})
		expect(run.code).toBe(0)
		expect(Number(await readFile(record, "utf8"))).toBeLessThanOrEqual(2 * 2 ** 20)
	})
})
