import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import OpenAI from "openai"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { runCli } from "./cli.js"
import type { CliIO } from "./cli.js"
import { parseScenarioJson } from "./scenario-file.js"

let dir: string
beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "cairn-model-server-"))
})
afterEach(async () => {
	await rm(dir, { recursive: true, force: true })
})

function io(): CliIO & { out: string[]; err: string[]; stop: () => void; url: Promise<string> } {
	const controller = new AbortController()
	const out: string[] = []
	const err: string[] = []
	let announce: (url: string) => void = () => {}
	const url = new Promise<string>((resolve) => (announce = resolve))
	return {
		out,
		err,
		url,
		stop: () => controller.abort(),
		signal: controller.signal,
		stdout: (line) => {
			out.push(line)
			announce(line)
		},
		stderr: (line) => err.push(line),
	}
}

describe("runCli (the cairn-model-server binary)", () => {
	it("serves the turns of --scenario, prints the URL on one line and exits 0 when stopped", async () => {
		const file = join(dir, "scenario.json")
		await writeFile(
			file,
			JSON.stringify({
				turns: [{ text: "from the file", textChunks: 3 }, { error: { status: 429, retryAfter: 0 } }],
			}),
		)
		const cli = io()
		const exit = runCli(["--scenario", file, "--max-requests", "5", "--lifetime-ms", "60000"], cli)
		const url = await cli.url
		expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
		const openai = new OpenAI({ apiKey: "k", baseURL: `${url}/v1`, maxRetries: 0 })
		const completion = await openai.chat.completions.create({
			model: "m",
			messages: [{ role: "user", content: "x" }],
		})
		expect(completion.choices[0]?.message.content).toBe("from the file")
		await expect(openai.chat.completions.create({ model: "m", messages: [] })).rejects.toBeInstanceOf(
			OpenAI.RateLimitError,
		)
		cli.stop()
		expect(await exit).toBe(0)
		expect(cli.out).toEqual([url])
		expect(cli.err.at(-1)).toMatch(/closed after 2 request/)
	})

	it("exits 0 by itself when --lifetime-ms runs out", async () => {
		const cli = io()
		expect(await runCli(["--lifetime-ms", "30"], cli)).toBe(0)
		expect(cli.out).toHaveLength(1)
	})

	it("exits 2 with a message for bad flags or a bad scenario file", async () => {
		const bad = join(dir, "bad.json")
		await writeFile(bad, JSON.stringify([{ text: "x", textChunk: 2 }]))
		for (const argv of [
			["--port", "70000"],
			["--bogus"],
			["--scenario", bad],
			["--scenario", join(dir, "missing.json")],
		]) {
			const cli = io()
			expect(await runCli(argv, cli)).toBe(2)
			expect(cli.out).toEqual([])
			expect(cli.err[0]).toMatch(/^cairn-model-server: /)
		}
	})

	it("prints usage for --help", async () => {
		const cli = io()
		expect(await runCli(["--help"], cli)).toBe(0)
		expect(cli.out[0]).toMatch(/^Usage: cairn-model-server/)
	})
})

describe("parseScenarioJson", () => {
	it("accepts an array or { turns } and refuses unknown keys and malformed turns", () => {
		expect(parseScenarioJson('[{"text":"a"}]')).toEqual([{ text: "a" }])
		expect(
			parseScenarioJson('{"turns":[{"toolCalls":[{"name":"n","arguments":"{broken"}]}]}'),
		).toHaveLength(1)
		expect(() => parseScenarioJson('[{"txt":"a"}]', "s.json")).toThrow('s.json[0]: unknown key "txt"')
		expect(() => parseScenarioJson('[{"toolCalls":[{"arguments":{}}]}]')).toThrow(/needs a string "name"/)
		expect(() => parseScenarioJson('[{"error":{}}]')).toThrow(/numeric "status"/)
		expect(() => parseScenarioJson("{")).toThrow(/not valid JSON/)
		expect(() => parseScenarioJson("{}")).toThrow(/expected an array/)
	})
})
