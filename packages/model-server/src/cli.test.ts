import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import OpenAI from "openai"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { runCli } from "./cli.js"
import type { CliIO } from "./cli.js"
import { parseScenarioFile, parseScenarioJson } from "./scenario-file.js"

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
		expect(cli.err.at(-1)).toMatch(/closed after 2 request\(s\); 2 chat request\(s\) of \d+ body bytes/)
	})

	it("takes the context window and side turns from the file, --context-window over the file's", async () => {
		const file = join(dir, "window.json")
		await writeFile(
			file,
			JSON.stringify({
				contextWindow: 20,
				turns: [{ text: "main" }],
				sideTurns: [{ when: { lastUserIncludes: "Summarize" }, turn: { text: "summary" } }],
			}),
		)
		const ask = (content: string) => ({ model: "m", messages: [{ role: "user" as const, content }] })
		const running = async (argv: string[]) => {
			const cli = io()
			const exit = runCli(argv, cli)
			const url = await cli.url
			const openai = new OpenAI({ apiKey: "k", baseURL: `${url}/v1`, maxRetries: 0, logLevel: "off" })
			const refused = await openai.chat.completions
				.create(ask("x ".repeat(200)))
				.catch((e: unknown) => e)
			expect(refused).toBeInstanceOf(OpenAI.BadRequestError)
			const summary = await openai.chat.completions.create(ask("Summarize, please."))
			const models: unknown = await fetch(`${url}/v1/models`).then((r) => r.json())
			cli.stop()
			expect(await exit).toBe(0)
			return {
				refused: (refused as Error).message,
				summary: summary.choices[0]?.message.content,
				models,
				closing: cli.err.at(-1),
			}
		}
		const fromFile = await running(["--scenario", file])
		expect(fromFile.refused).toMatch(/^400 This model's maximum context length is 20 tokens\./)
		const flagged = await running([
			"--scenario",
			file,
			"--context-window",
			"100",
			"--overflow-style",
			"vllm",
		])
		expect(flagged.refused).toMatch(
			/^400 You passed \d+ input tokens .* context length is only 100 tokens/,
		)
		expect(flagged.summary).toBe("summary")
		expect(flagged.models).toMatchObject({ data: [{ max_model_len: 100 }] })
		// With a window the closing line also counts input tokens and the side turns' answers.
		expect(flagged.closing).toMatch(
			/2 chat request\(s\) of \d+ body bytes, \d+ input tokens; 1 answered by side turns$/,
		)
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
			["--context-window", "0"],
			["--overflow-style", "bedrock"],
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

describe("parseScenarioFile", () => {
	it("reads a context window and side turns besides the turns", () => {
		const text = JSON.stringify({
			contextWindow: 4096,
			turns: [{ text: "a" }],
			sideTurns: [{ when: { systemIncludes: "summar" }, turn: { text: "s" } }],
		})
		expect(parseScenarioFile(text)).toEqual({
			contextWindow: 4096,
			turns: [{ text: "a" }],
			sideTurns: [{ when: { systemIncludes: "summar" }, turn: { text: "s" } }],
		})
		expect(parseScenarioFile('[{"text":"a"}]')).toEqual({ turns: [{ text: "a" }] })
	})

	it("refuses unknown keys, a bad window and side turns that would match everything", () => {
		const file = (value: object) => () =>
			parseScenarioFile(JSON.stringify({ turns: [], ...value }), "f.json")
		expect(file({ window: 5 })).toThrow('f.json: unknown key "window"')
		expect(file({ contextWindow: 0 })).toThrow("f.json.contextWindow: must be a positive integer")
		expect(file({ contextWindow: 1.5 })).toThrow(/positive integer/)
		expect(file({ sideTurns: {} })).toThrow("f.json.sideTurns: must be an array")
		expect(file({ sideTurns: [{ when: {}, turn: {} }] })).toThrow(
			'f.json.sideTurns[0].when: needs "systemIncludes" or "lastUserIncludes"',
		)
		expect(file({ sideTurns: [{ when: { userIncludes: "x" }, turn: {} }] })).toThrow(
			'f.json.sideTurns[0].when: unknown key "userIncludes"',
		)
		expect(file({ sideTurns: [{ when: { lastUserIncludes: 1 }, turn: {} }] })).toThrow(/must be a string/)
		expect(file({ sideTurns: [{ when: { lastUserIncludes: "x" }, turn: { txt: "" } }] })).toThrow(
			'f.json.sideTurns[0].turn: unknown key "txt"',
		)
		expect(file({ sideTurns: [{ when: { lastUserIncludes: "x" } }] })).toThrow(
			/turn must be a JSON object/,
		)
		expect(file({ turns: [{ txt: "" }] })).toThrow('f.json.turns[0]: unknown key "txt"')
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
