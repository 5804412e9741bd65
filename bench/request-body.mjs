#!/usr/bin/env node
// The client side of one request with a long history, isolated: each provider's request with its
// body built from the kept encodings against the same request serialised by the provider's SDK,
// to the scripted model server in another process (its CPU is not counted). Alternating rounds,
// CPU per request by process.cpuUsage() (GC included), with small objects kept alive so that a GC
// costs what it would in the agent.
//
//   npm run build -w @cairn/core -w @cairn/model-server && node bench/request-body.mjs [--turns 1000] [--requests 40] [--rounds 3] [--only text]
import { fork } from "node:child_process"
import { parseArgs } from "node:util"

const { values: args } = parseArgs({
	options: {
		server: { type: "boolean", default: false },
		turns: { type: "string", default: "1000" },
		requests: { type: "string", default: "40" },
		rounds: { type: "string", default: "3" },
		// Measures only the kinds whose name holds this text (for a --cpu-prof of one).
		only: { type: "string", default: "" },
	},
})

if (args.server) {
	const { startModelServer } = await import("@cairn/model-server")
	const scenario = Array.from({ length: 10_000 }, () => ({ text: "ok" }))
	const server = await startModelServer({ scenario, lifetimeMs: 600_000, maxRequests: 20_000 })
	process.send({ url: server.url, anthropic: server.anthropicBaseURL })
	process.on("disconnect", () => void server.close().then(() => process.exit(0)))
} else {
	await measure()
}

async function measure() {
	const core = new URL("../packages/core/dist/providers/", import.meta.url)
	const { AnthropicProvider, anthropicConnection } = await import(
		new URL("anthropic/anthropicProvider.js", core)
	)
	const { GeminiProvider, googleAiConnection } = await import(new URL("gemini/geminiProvider.js", core))
	const { toGeminiContents, toGeminiTools } = await import(new URL("gemini/geminiMessages.js", core))
	const { resolveModelInfo } = await import(new URL("modelCatalog.js", core))
	const { GoogleGenAI } = await import("@google/genai")

	const child = fork(new URL(import.meta.url).pathname, ["--server"], { stdio: "inherit" })
	const urls = await new Promise((resolve) => child.once("message", resolve))

	const turns = Number(args.turns)
	const history = loopHistory(turns)
	const tool = {
		name: "write_to_file",
		description: "Writes a file.",
		inputSchema: {
			properties: { path: { type: "string" }, content: { type: "string" } },
			required: ["path"],
		},
	}
	const request = { systemPrompt: "You are Cairn. ".repeat(200), messages: history, tools: [tool] }
	// What an agent keeps alive: a GC walks it.
	const ballast = Array.from({ length: 400_000 }, (_, i) => ({ i, s: `row ${i}` }))

	const claude = (ready) => {
		const settings = { provider: "anthropic", modelId: "claude-opus-5-5", baseUrl: urls.anthropic }
		const info = resolveModelInfo(settings.provider, settings.modelId, undefined)
		return new AnthropicProvider(settings, info, {
			...anthropicConnection(settings, "k"),
			sendsReadyBody: ready,
		})
	}
	const geminiSettings = { provider: "gemini", modelId: "gemini-2.5-flash", baseUrl: urls.url }
	const gemini = new GeminiProvider(
		geminiSettings,
		resolveModelInfo(geminiSettings.provider, geminiSettings.modelId, undefined),
		googleAiConnection(geminiSettings, "k"),
	)
	const genai = new GoogleGenAI({ apiKey: "k", httpOptions: { baseUrl: urls.url } })
	const geminiSdk = async () => {
		// The provider's request, with the SDK serialising the whole history itself.
		const contents = toGeminiContents(history, geminiSettings.modelId)
		const config = {
			systemInstruction: request.systemPrompt,
			tools: [{ functionDeclarations: toGeminiTools(request.tools) }],
			maxOutputTokens: 8_000,
			httpOptions: { fetch },
		}
		for await (const _ of await genai.models.generateContentStream({
			model: geminiSettings.modelId,
			contents,
			config,
		}));
	}
	const drain = (provider) => async () => {
		for await (const _ of provider.createMessage(request));
	}
	const all = {
		"Anthropic, its SDK serialises the body": drain(claude(false)),
		"Anthropic, a ready body from the kept encodings": drain(claude(true)),
		"Gemini, its SDK serialises the contents": geminiSdk,
		"Gemini, the kept contents in the placeholder's place": drain(gemini),
	}
	const kinds = Object.fromEntries(Object.entries(all).filter(([name]) => name.includes(args.only)))
	for (const run of Object.values(kinds)) await run() // warm: kept encodings made, SDKs loaded
	const spent = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]))
	for (let round = 0; round < Number(args.rounds); round++)
		for (const [name, run] of Object.entries(kinds)) {
			const before = process.cpuUsage()
			for (let i = 0; i < Number(args.requests); i++) await run()
			const used = process.cpuUsage(before)
			spent[name].push((used.user + used.system) / 1000 / Number(args.requests))
		}
	console.log(
		`request body: ${turns} turns of history, ${args.requests} requests x ${args.rounds} rounds, ms of CPU a request`,
	)
	for (const [name, ms] of Object.entries(spent))
		console.log(`  ${name.padEnd(56)} ${ms.map((m) => m.toFixed(2)).join(", ")}`)
	void ballast.length
	child.disconnect()
}

/** The loop bench's history: each turn a write_to_file call and its result with environment details. */
function loopHistory(turns) {
	const content = "x".repeat(200) + "\n"
	const messages = [{ role: "user", content: [{ type: "text", text: "Write the files." }] }]
	for (let i = 0; i < turns; i++) {
		const id = `call_${i}`
		messages.push({
			role: "assistant",
			content: [
				{ type: "tool_use", id, name: "write_to_file", input: { path: `files/f${i}.txt`, content } },
			],
		})
		messages.push({
			role: "user",
			content: [
				{
					type: "tool_result",
					toolUseId: id,
					content: [{ type: "text", text: `Wrote files/f${i}.txt.` }],
				},
				{
					type: "text",
					text: `<environment_details>\n# Current time\n2026-11-28T03:${i % 60}Z\n</environment_details>`,
				},
			],
		})
	}
	return messages
}
