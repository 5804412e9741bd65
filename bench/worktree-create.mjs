// Worktree creation benchmark (issue 34): a generated repository of 10,000 tracked files (~2.5 MB
// of text in nested folders) with a large ignored node_modules (20,000 files) that
// `.cairn/worktree.json` links rather than copies. Prints the time to create a task's worktree
// (median of several), beside plain `git worktree add` of the same tree (git's own checkout, the
// floor), its disk use as `diskBytes` reports it, and the node_modules it did not copy. Not a test.
//
//   npm run build -w @cairn/core && node bench/worktree-create.mjs [--files 10000] [--runs 5]
//
// It runs the BUILT core (TaskWorktrees: the system git through the hardened helper).
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { parseArgs } from "node:util"
import { median } from "./statistics.mjs"

const { values: args } = parseArgs({
	options: { files: { type: "string", default: "10000" }, runs: { type: "string", default: "5" } },
	strict: true,
})
const fileCount = Number.parseInt(args.files, 10)
const runs = Number.parseInt(args.runs, 10)
if (!(fileCount >= 100) || !(runs >= 1)) {
	console.error("worktree bench: --files takes a number ≥ 100, --runs a number ≥ 1")
	process.exit(2)
}
if (!fs.existsSync(new URL("../packages/core/dist/index.js", import.meta.url))) {
	console.error("worktree bench: packages/core/dist is missing; run `npm run build -w @cairn/core` first.")
	process.exit(2)
}
const { TaskWorktrees } = await import("@cairn/core")

const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "cairn-worktree-bench-")))
const root = path.join(dir, "repository")
const storageDir = path.join(dir, "storage")
const quiet = { debug() {}, info() {}, warn() {}, error() {} }
const modules = 20_000

function generate() {
	for (let i = 0; i < fileCount; i++) {
		const relative = `src/mod${i % 50}/part${Math.floor(i / 50) % 10}/file${i}.ts`
		fs.mkdirSync(path.join(root, path.dirname(relative)), { recursive: true })
		fs.writeFileSync(
			path.join(root, relative),
			`export const value${i} = ${i}\n// ${"x".repeat(150 + (i % 100))}\n`,
		)
	}
	for (let i = 0; i < modules; i++) {
		const folder = path.join(root, `node_modules/pkg${i % 400}/lib`)
		fs.mkdirSync(folder, { recursive: true })
		fs.writeFileSync(
			path.join(folder, `f${i}.js`),
			`module.exports = ${JSON.stringify("y".repeat(1000))}\n`,
		)
	}
	fs.writeFileSync(path.join(root, ".gitignore"), "node_modules/\n.env\n")
	fs.writeFileSync(path.join(root, ".env"), "API_URL=http://localhost\n")
	fs.mkdirSync(path.join(root, ".cairn"))
	fs.writeFileSync(
		path.join(root, ".cairn/worktree.json"),
		JSON.stringify({ copy: [".env"], link: ["node_modules"] }),
	)
	const git = (...a) =>
		execFileSync("git", ["-c", "user.name=b", "-c", "user.email=b@b", ...a], { cwd: root })
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "the person's repository")
}

/** Bytes a folder's files take (allocated blocks), not following links: what `du` would say. */
function du(folder) {
	let total = 0
	for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
		const info = fs.lstatSync(path.join(entry.parentPath, entry.name))
		total += info.blocks * 512
	}
	return total
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`

generate()
const values = new Map()
const worktrees = await TaskWorktrees.open({
	repository: root,
	storageDir,
	logger: quiet,
	state: { get: async (key) => values.get(key), set: async (key, value) => void values.set(key, value) },
	consent: async () => true,
	runSetup: async () => ({ exitCode: 0, output: "" }),
})
if ("unavailable" in worktrees) throw new Error(worktrees.reason)

const times = []
const gitTimes = []
let disk = 0
let setup
const git = (...a) => execFileSync("git", a, { cwd: root, stdio: ["ignore", "ignore", "inherit"] })
for (let run = 0; run < runs; run++) {
	// The floor: git's own checkout of the same tree, with nothing of Cairn's around it.
	execFileSync("sync")
	const plain = path.join(dir, `plain-${run}`)
	let start = performance.now()
	git("worktree", "add", "-q", "-b", `plain-${run}`, plain, "HEAD")
	gitTimes.push(performance.now() - start)
	// Writes still flushing from the last run would land on this one's time.
	execFileSync("sync")
	start = performance.now()
	const created = await worktrees.create({ taskId: `bench-${run}` })
	times.push(performance.now() - start)
	disk = await worktrees.diskBytes(created)
	setup = created.setup
	if (!fs.lstatSync(path.join(created.path, "node_modules")).isSymbolicLink())
		throw new Error("node_modules was not linked")
}
// Removed only at the end: deleting 10,000 files (the discard on this machine's disk) slows the writes that follow.
for (let run = 0; run < runs; run++) {
	git("worktree", "remove", "--force", path.join(dir, `plain-${run}`))
	await worktrees.remove(`bench-${run}`, { deleteBranch: true })
}

const tracked = du(path.join(root, "src"))
const nodeModules = du(path.join(root, "node_modules"))
console.log(
	`repository: ${fileCount} tracked files (${mb(tracked)} on disk), node_modules ${modules} files (${mb(nodeModules)})`,
)
console.log(
	`create worktree: median ${Math.round(median(times))} ms (target < 2000 ms), runs ${times.map(Math.round).join(", ")} ms`,
)
console.log(
	`plain git worktree add: median ${Math.round(median(gitTimes))} ms, runs ${gitTimes.map(Math.round).join(", ")} ms`,
)
console.log(
	`disk per worktree (diskBytes, its index included): ${mb(disk)}; node_modules linked, not copied (${mb(nodeModules)} saved)`,
)
console.log(
	`setup: ${setup?.outcome}, copied ${setup?.copied.join(", ")}, linked ${setup?.linked.join(", ")}`,
)
fs.rmSync(dir, { recursive: true, force: true })
