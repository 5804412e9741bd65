// Checkpoints benchmark (issue 15): a generated workspace of 20,000 files (a few MB of text in
// nested folders, some binaries, an ignored node_modules) inside a person's git repository.
// Prints the first checkpoint's time, then medians of an incremental checkpoint after editing 5
// files and of a restore of those 5 files, and the incremental time after 1, 50 and 200 earlier
// checkpoints. Not a test.
//
//   npm run build && node bench/checkpoints.mjs [--files 20000] [--runs 7]
//
// It runs the BUILT core (CheckpointStore: the system git against a shadow repository).
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { parseArgs } from "node:util"
import { median } from "./statistics.mjs"

const { values: args } = parseArgs({
	options: { files: { type: "string", default: "20000" }, runs: { type: "string", default: "7" } },
	strict: true,
})
const fileCount = Number.parseInt(args.files, 10)
const runs = Number.parseInt(args.runs, 10)
if (!(fileCount >= 100) || !(runs >= 1)) {
	console.error("checkpoints bench: --files takes a number ≥ 100, --runs a number ≥ 1")
	process.exit(2)
}
if (!fs.existsSync(new URL("../packages/core/dist/index.js", import.meta.url))) {
	console.error("checkpoints bench: packages/core/dist is missing; run `npm run build` first.")
	process.exit(2)
}
const { CheckpointStore } = await import("@cairn/core")

const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "cairn-checkpoints-bench-")))
const root = path.join(dir, "workspace")
const storageDir = path.join(dir, "storage")
const quiet = { debug() {}, info() {}, warn() {}, error() {} }

/** 20,000 files: ~200 bytes of text each in 40 x 10 folders, a few 300 KB binaries, an ignored node_modules. */
function generate() {
	let bytes = 0
	const paths = []
	for (let i = 0; i < fileCount; i++) {
		const relative = `src/mod${i % 40}/part${Math.floor(i / 40) % 10}/file${i}.ts`
		const text = `export const value${i} = ${i}\n// ${"x".repeat(150 + (i % 100))}\n`
		fs.mkdirSync(path.join(root, path.dirname(relative)), { recursive: true })
		fs.writeFileSync(path.join(root, relative), text)
		bytes += text.length
		paths.push(relative)
	}
	for (let i = 0; i < 8; i++) {
		const binary = Buffer.alloc(300_000)
		for (let k = 0; k < binary.length; k += 4) binary.writeUInt32LE((i * 2654435761 + k) >>> 0, k)
		fs.mkdirSync(path.join(root, "assets"), { recursive: true })
		fs.writeFileSync(path.join(root, `assets/image${i}.bin`), binary)
		bytes += binary.length
	}
	for (let i = 0; i < 2000; i++) {
		fs.mkdirSync(path.join(root, `node_modules/pkg${i % 50}`), { recursive: true })
		fs.writeFileSync(path.join(root, `node_modules/pkg${i % 50}/f${i}.js`), "module.exports = 1\n")
	}
	fs.writeFileSync(path.join(root, ".gitignore"), "node_modules/\n")
	const git = (...a) =>
		execFileSync("git", ["-c", "user.name=b", "-c", "user.email=b@b", ...a], { cwd: root })
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "the person's repository")
	return { paths, bytes }
}

const timed = async (operation) => {
	const start = performance.now()
	const result = await operation()
	return { ms: performance.now() - start, result }
}

const { paths, bytes } = generate()
const store = await CheckpointStore.open({
	workspaceRoot: root,
	storageDir,
	sizeLimitBytes: 5 * 1024 * 1024,
	logger: quiet,
})
const first = await timed(() => store.save("bench", "first"))
let edits = 0
const editFive = () => {
	for (let k = 0; k < 5; k++) {
		const file = paths[(edits * 7919 + k * 104729) % paths.length]
		fs.appendFileSync(path.join(root, file), `// edit ${edits}.${k}\n`)
	}
	edits++
}

const incremental = []
const restores = []
for (let run = 0; run < runs; run++) {
	const before = await store.save("bench", "before the edit")
	editFive()
	incremental.push((await timed(() => store.save("bench", "after the edit"))).ms)
	const restored = await timed(() => store.restore("bench", before))
	if (restored.result.report.written.length !== 5)
		throw new Error("a restore did not write back the 5 files")
	restores.push(restored.ms)
}

/** Incremental checkpoint time once `count` checkpoints exist. */
const growth = []
let saved = 2 + runs * 3
for (const count of [1, 50, 200]) {
	while (saved < count) {
		editFive()
		await store.save("bench", `filler ${saved++}`)
	}
	const times = []
	for (let run = 0; run < runs; run++) {
		editFive()
		times.push((await timed(() => store.save("bench", "measured"))).ms)
		saved++
	}
	growth.push({ count, ms: median(times) })
}

const ms = (value) => `${value.toFixed(0)} ms`
console.log(
	`Workspace: ${paths.length.toLocaleString()} text files + 8 binaries (${(bytes / 1e6).toFixed(1)} MB kept), 2,000 ignored files in node_modules, ${runs} runs each`,
)
console.log("")
console.log("| measure | time | target |")
console.log("|---|---|---|")
console.log(`| first checkpoint | ${ms(first.ms)} | — |`)
console.log(
	`| incremental checkpoint after editing 5 files (median) | ${ms(median(incremental))} | < 300 ms |`,
)
console.log(
	`| restore of 5 files (median, includes saving the workspace first) | ${ms(median(restores))} | < 300 ms |`,
)
for (const { count, ms: value } of growth)
	console.log(
		`| incremental checkpoint with ${count}+ earlier checkpoints (median) | ${ms(value)} | flat |`,
	)
fs.rmSync(dir, { recursive: true, force: true })
