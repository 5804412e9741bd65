// Context benchmark (issue 14): a task that reads a large file every turn, on a 32k window, with
// Cairn's context management and without it. Prints requests, condenses, truncations, peak
// request tokens against the window, total input tokens and what condensing cost. Not a test.
//
//   npm run build && node bench/context.mjs [--turns 100,500] [--window 32000]
//
// It runs the BUILT packages (@cairn/core, @cairn/model-server resolve to dist/ under plain node):
// the whole agent (Controller, Task, NodeHost, read_file, the OpenAI provider over the official
// SDK) against the model server on 127.0.0.1, which counts every request's tokens by the rule the
// core estimates with and refuses one over its window the way OpenAI does.
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { parseArgs } from "node:util"

const { values: args } = parseArgs({
	options: {
		turns: { type: "string", default: "100,500" },
		window: { type: "string", default: "32000" },
	},
	strict: true,
})
const turnCounts = args.turns.split(",").map((s) => Number.parseInt(s, 10))
const window = Number.parseInt(args.window, 10)
if (turnCounts.some((n) => !(n > 0)) || !(window > 1000)) {
	console.error("context bench: --turns takes positive integers, --window a number of tokens over 1000")
	process.exit(2)
}
for (const pkg of ["types", "core", "model-server"]) {
	if (!fs.existsSync(new URL(`../packages/${pkg}/dist/index.js`, import.meta.url))) {
		console.error(`context bench: packages/${pkg}/dist is missing; run \`npm run build\` first.`)
		process.exit(2)
	}
}
const { NodeHost, startController, summarizationMarker } = await import("@cairn/core")
const { startModelServer } = await import("@cairn/model-server")

// ~300 lines of code (~6k tokens): a file that fits one read, not a dozen.
const bigFile = Array.from(
	{ length: 300 },
	(_, i) => `export function step${i}(input: number): number { return input * ${i} + ${i % 7} }`,
).join("\n")
const read = { toolCalls: [{ name: "read_file", arguments: { path: "big.ts" } }] }
const complete = { toolCalls: [{ name: "attempt_completion", arguments: { result: "done" } }] }
const summary =
	"Read big.ts on every turn; it defines step0..step299, each returning input * i + i % 7. Nothing changed between reads."
// Priced like a mid-range model, so the cost of condensing is a figure a person can weigh.
const prices = { inputPrice: 3, outputPrice: 15 }

/** One task of `turns` reads; `managed` false tells Cairn a window so large it never manages. */
async function run(turns, managed) {
	const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "cairn-context-bench-")))
	const workspace = path.join(dir, "workspace")
	fs.mkdirSync(workspace)
	fs.writeFileSync(path.join(workspace, "big.ts"), bigFile)
	// Unmanaged, the server only counts (a window it never reaches): the point is where it would fail.
	const server = await startModelServer({
		scenario: [...Array.from({ length: turns }, () => read), complete],
		contextWindow: managed ? window : 1_000_000_000,
		sideTurns: [{ when: { systemIncludes: summarizationMarker }, turn: { text: summary } }],
		maxBodyBytes: 512 * 1024 * 1024,
		lifetimeMs: 3_600_000,
	})
	const host = new NodeHost({ workspaceRoot: workspace, storageDir: path.join(dir, "storage") })
	const controller = await startController({ host, version: "bench" })
	await controller.settingsStore.update({
		provider: {
			provider: "openai",
			modelId: "bench-model",
			baseUrl: server.openaiBaseURL,
			modelInfo: { contextWindow: managed ? window : 1_000_000_000, maxOutputTokens: 4_000, ...prices },
		},
		autoApproval: { enabled: true, readOnly: true },
		requestRetries: 0,
	})
	await controller.settingsStore.setApiKey("openai", "bench-key")
	const messages = new Map()
	let settle
	const done = new Promise((resolve) => (settle = resolve))
	controller.attach((message) => {
		if (message.type !== "messageUpdated") return
		messages.set(message.message.ts, message.message)
		const ask = message.message.ask
		if (ask === "completion_result" || ask === "api_req_failed" || ask === "mistake_limit_reached")
			settle(ask)
	})
	const started = performance.now()
	await controller.startTask("Read big.ts on every turn until told otherwise.")
	const ending = await done
	const seconds = (performance.now() - started) / 1000
	const rows = [...messages.values()]
	const chats = server.requests.filter((r) => r.route === "chat")
	const summaries = chats.filter((r) => r.sideTurn !== undefined)
	const task = chats.filter((r) => r.sideTurn === undefined)
	const result = {
		turns,
		managed,
		ending,
		seconds,
		requests: chats.length,
		summaryRequests: summaries.length,
		condenses: rows.filter((m) => m.say === "condense_context" && m.contextCondense).length,
		condenseErrors: rows.filter((m) => m.say === "condense_context_error").length,
		truncations: rows.filter((m) => m.say === "sliding_window_truncation").length,
		refused: chats.filter((r) => r.contextOverflow !== undefined).length,
		peak: Math.max(...chats.map((r) => r.inputTokens ?? 0)),
		totalInput: chats.reduce((sum, r) => sum + (r.inputTokens ?? 0), 0),
		condenseCost: rows.reduce((sum, m) => sum + (m.contextCondense?.cost ?? 0), 0),
		requestTokens: task.map((r) => r.inputTokens ?? 0),
	}
	await controller.dispose()
	await host.dispose()
	await server.close()
	fs.rmSync(dir, { recursive: true, force: true })
	return result
}

const format = (n) => Math.round(n).toLocaleString("en-US")
console.log(
	`Cairn context benchmark: node ${process.version}, ${os.cpus().length} CPU(s); a read of big.ts (${format(bigFile.length)} chars) every turn, a ${format(window)}-token window.\n`,
)
const results = []
for (const turns of turnCounts) {
	process.stderr.write(`context bench: N=${turns} with context management ...\n`)
	results.push(await run(turns, true))
}
// Without management every request resends everything: measured over a few turns, then projected,
// since hundreds of turns would mean requests of millions of tokens.
process.stderr.write("context bench: without management (10 turns, projected) ...\n")
const bare = await run(10, false)
const header = [
	"N",
	"management",
	"ended at",
	"requests",
	"condenses",
	"truncations",
	"refused",
	"peak tokens",
	"peak / window",
	"total input tokens",
	"condense cost",
	"seconds",
]
console.log(`| ${header.join(" | ")} |`)
console.log(`| ${header.map(() => "---").join(" | ")} |`)
for (const r of results) {
	console.log(
		`| ${[
			r.turns,
			"on",
			r.ending,
			`${r.requests} (${r.summaryRequests} summaries)`,
			`${r.condenses}${r.condenseErrors ? ` (+${r.condenseErrors} failed)` : ""}`,
			r.truncations,
			r.refused,
			format(r.peak),
			`${((100 * r.peak) / window).toFixed(1)}%`,
			format(r.totalInput),
			`$${r.condenseCost.toFixed(4)}`,
			r.seconds.toFixed(1),
		].join(" | ")} |`,
	)
}
const first = bare.requestTokens[0]
const growth = (bare.requestTokens.at(-1) - first) / (bare.requestTokens.length - 1)
const failsAt = Math.floor((window - first) / growth) + 2
for (const turns of turnCounts) {
	const peak = first + growth * turns
	const total = (turns + 1) * first + (growth * turns * (turns + 1)) / 2
	console.log(
		`| ${[turns, "off (projected)", `refused at request ${failsAt}`, turns + 1, 0, 0, "-", format(peak), `${((100 * peak) / window).toFixed(1)}%`, format(total), "-", "-"].join(" | ")} |`,
	)
}
console.log(
	`\nWithout management each request is ${format(first)} tokens plus ${format(growth)} per turn (measured over ${bare.requestTokens.length} requests): request ${failsAt} is the first over the ${format(window)}-token window, where a real model refuses it and the task stops.`,
)
const peakOk = results.every((r) => r.peak <= window * 0.9)
console.log(
	`Target: peak request <= 90% of the window: ${peakOk ? "MET" : "MISSED"} (${results.map((r) => `N=${r.turns}: ${((100 * r.peak) / window).toFixed(1)}%`).join(", ")}).`,
)
if (results.length >= 2) {
	const [a, b] = [results[0], results.at(-1)]
	console.log(
		`Target: total input tokens grow linearly in N: N x${(b.turns / a.turns).toFixed(1)} -> tokens x${(b.totalInput / a.totalInput).toFixed(2)} (quadratic would be x${((b.turns / a.turns) ** 2).toFixed(1)}).`,
	)
}
