// Codebase index benchmark (issue 21): a generated workspace of 5,000 source files (~30 MB) indexed
// through the OpenAI-compatible embeddings of the scripted model server (run as a child process,
// so its work is not in this process's figures). Prints the first build (files/s, peak RSS, size
// on disk), an incremental update after editing 10 files (requests, time), a restart (requests),
// and search latency over 100 queries, median and p95, end to end (the query's embedding request
// included) and for the index scan alone. Not a test.
//
//   npm run build && flock /work/notes-helpers/heavy.lock node bench/index.mjs [--files 5000] [--dimensions 768]
//
// It runs the BUILT core (CodebaseIndex) and model server.
import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { createInterface } from "node:readline"
import { parseArgs } from "node:util"

const { values: args } = parseArgs({
	options: { files: { type: "string", default: "5000" }, dimensions: { type: "string", default: "768" } },
	strict: true,
})
const fileCount = Number.parseInt(args.files, 10)
const dimensions = Number.parseInt(args.dimensions, 10)
if (!(fileCount >= 100) || !(dimensions >= 8)) {
	console.error("index bench: --files takes a number ≥ 100, --dimensions a number ≥ 8")
	process.exit(2)
}
for (const built of ["../packages/core/dist/index.js", "../packages/model-server/dist/bin.js"]) {
	if (!fs.existsSync(new URL(built, import.meta.url))) {
		console.error(`index bench: ${built} is missing; run \`npm run build\` first.`)
		process.exit(2)
	}
}
const { CodebaseIndex, createEmbedder, indexFolder } = await import("@cairn/core")

// A small seeded generator, so every run indexes the same workspace.
let seed = 42
const random = () => {
	seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0
	return seed / 2 ** 32
}
const pick = (list) => list[Math.floor(random() * list.length)]
const nouns = [
	"invoice",
	"customer",
	"order",
	"payment",
	"session",
	"token",
	"cache",
	"queue",
	"report",
	"account",
	"widget",
	"sidebar",
	"router",
	"socket",
	"buffer",
	"schema",
	"ledger",
	"tenant",
	"upload",
	"thumbnail",
]
const verbs = [
	"compute",
	"render",
	"validate",
	"parse",
	"fetch",
	"store",
	"merge",
	"retry",
	"encode",
	"schedule",
	"resolve",
	"publish",
]
const adjectives = [
	"pending",
	"cached",
	"signed",
	"partial",
	"expired",
	"remote",
	"local",
	"nested",
	"batched",
	"primary",
]
const capital = (word) => word[0].toUpperCase() + word.slice(1)

function sourceFile(index) {
	const parts = []
	let size = 0
	// ~6 KB a file: 5,000 files make ~30 MB.
	while (size < 6000) {
		const name = `${pick(verbs)}${capital(pick(adjectives))}${capital(pick(nouns))}`
		const body = Array.from(
			{ length: 4 + Math.floor(random() * 10) },
			() =>
				`\tconst ${pick(nouns)}${capital(pick(nouns))} = ${pick(verbs)}(${pick(nouns)}, ${Math.floor(random() * 1000)})`,
		)
		const text = [
			`// ${capital(pick(verbs))}s the ${pick(adjectives)} ${pick(nouns)} of a ${pick(nouns)} before the ${pick(nouns)} is ${pick(adjectives)}.`,
			`export function ${name}${index}(${pick(nouns)}: ${capital(pick(nouns))}) {`,
			...body,
			`\treturn ${pick(nouns)}`,
			"}",
		].join("\n")
		parts.push(text)
		size += text.length + 2
	}
	return `${parts.join("\n\n")}\n`
}

const temp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "cairn-index-bench-")))
const workspace = path.join(temp, "workspace")
const storage = path.join(temp, "storage")
let totalBytes = 0
const files = []
for (let i = 0; i < fileCount; i++) {
	const file = `src/module${i % 100}/part${Math.floor(i / 100)}/file${i}.ts`
	const text = sourceFile(i)
	fs.mkdirSync(path.dirname(path.join(workspace, file)), { recursive: true })
	fs.writeFileSync(path.join(workspace, file), text)
	totalBytes += text.length
	files.push(file)
}

const server = spawn(
	process.execPath,
	[
		fileURLToPathSafe("../packages/model-server/dist/bin.js"),
		"--max-requests",
		"10000000",
		"--lifetime-ms",
		"3600000",
	],
	{ stdio: ["ignore", "pipe", "inherit"] },
)
const baseUrl = await new Promise((resolve, reject) => {
	createInterface({ input: server.stdout }).once("line", (line) => resolve(line.trim()))
	server.once("exit", (code) => reject(new Error(`the model server exited (${code})`)))
})

function fileURLToPathSafe(relative) {
	return new URL(relative, import.meta.url).pathname
}

const embedding = { provider: "openai", modelId: "bench-embed", baseUrl: `${baseUrl}/v1`, dimensions }
const counts = { requests: 0, texts: 0 }
/** The real embedder, counted; with `cache` on, a query asked before is answered from memory (scan-only timing). */
function countingEmbedder(cache) {
	const real = createEmbedder(embedding, "bench-key")
	const known = new Map()
	return {
		identity: real.identity,
		batchSize: real.batchSize,
		async embed(texts, signal) {
			if (cache.on && texts.length === 1 && known.has(texts[0])) return [known.get(texts[0])]
			counts.requests++
			counts.texts += texts.length
			const vectors = await real.embed(texts, signal)
			if (texts.length === 1) known.set(texts[0], vectors[0])
			return vectors
		},
	}
}
const logger = {
	debug() {},
	info() {},
	warn() {},
	error: (message, details) => console.error(message, details),
}
const cache = { on: false }
const makeIndex = () =>
	new CodebaseIndex({
		workspaceRoot: workspace,
		storageDir: storage,
		embedding,
		apiKey: "bench-key",
		maxFileBytes: 512 * 1024,
		logger,
		embedder: countingEmbedder(cache),
	})
const folderSize = (folder) =>
	fs.readdirSync(folder).reduce((sum, name) => sum + fs.statSync(path.join(folder, name)).size, 0)
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const quantile = (values, q) => {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}

try {
	console.log(`workspace: ${fileCount} files, ${mb(totalBytes)}; vectors of ${dimensions} dimensions`)
	// Other work on the machine slows every figure below; say how busy it was.
	const load = () => `load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`
	console.log(`machine: ${load()}`)

	const index = makeIndex()
	await index.open()
	let started = performance.now()
	const first = await index.update()
	let ms = performance.now() - started
	if (first === undefined) throw new Error("the first build failed (see the errors above)")
	console.log(
		`first build: ${(ms / 1000).toFixed(1)} s, ${Math.round(fileCount / (ms / 1000))} files/s, ${first.chunks} chunks, ` +
			`${counts.requests} requests; peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}; ` +
			`on disk ${mb(folderSize(indexFolder(storage, workspace)))}`,
	)

	for (const file of files.slice(0, 10))
		fs.appendFileSync(path.join(workspace, file), "\nexport const edited = true\n")
	Object.assign(counts, { requests: 0, texts: 0 })
	started = performance.now()
	const incremental = await index.update()
	ms = performance.now() - started
	console.log(
		`incremental after editing 10 files: ${ms.toFixed(0)} ms, ${incremental?.embeddedFiles} files re-embedded, ` +
			`${counts.requests} requests (${counts.texts} chunks)`,
	)

	Object.assign(counts, { requests: 0, texts: 0 })
	const restarted = makeIndex()
	started = performance.now()
	await restarted.open()
	const openMs = performance.now() - started
	const again = await restarted.update()
	ms = performance.now() - started
	console.log(
		`restart: opened in ${openMs.toFixed(0)} ms, up to date in ${ms.toFixed(0)} ms, ${again?.embeddedFiles} files re-embedded, ${counts.requests} requests`,
	)

	const queries = Array.from(
		{ length: 100 },
		() => `where do we ${pick(verbs)} the ${pick(adjectives)} ${pick(nouns)} ${pick(nouns)}`,
	)
	for (const pass of ["end to end (query embedded over HTTP)", "index scan alone (query vector cached)"]) {
		cache.on = pass.startsWith("index")
		const times = []
		for (const query of queries) {
			const t = performance.now()
			await restarted.search(query, { limit: 20, minScore: 0.1 })
			times.push(performance.now() - t)
		}
		const p95 = quantile(times, 0.95)
		console.log(
			`search, ${pass}: median ${quantile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target < 50 ms: ${p95 < 50 ? "ok" : "MISS"})`,
		)
	}
	console.log(`peak RSS at the end: ${mb(process.resourceUsage().maxRSS * 1024)}; machine: ${load()}`)
	await index.dispose()
	await restarted.dispose()
} finally {
	server.kill()
	fs.rmSync(temp, { recursive: true, force: true })
}
