import { execFileSync, spawn } from "node:child_process"
import { mkdir, readdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { build } from "esbuild"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { TaskWorktrees } from "./taskWorktrees.js"

// Real processes sharing one repository's worktrees: two creating at once, and one killed with
// SIGKILL at random instants while it creates. The figures asserted never depend on when.

const childBundle = path.resolve(import.meta.dirname, "../../.test-build/worktree-child.mjs")
let temp: Awaited<ReturnType<typeof makeTempDir>>
let count = 0

beforeAll(async () => {
	await build({
		entryPoints: [path.resolve(import.meta.dirname, "../test-support/worktreeChild.ts")],
		bundle: true,
		platform: "node",
		format: "esm",
		target: "node20",
		conditions: ["source"],
		outfile: childBundle,
		logLevel: "error",
		// proper-lockfile and its helpers are CommonJS that require node's modules.
		banner: {
			js: "import { createRequire as cairnCreateRequire } from 'node:module'; const require = cairnCreateRequire(import.meta.url);",
		},
	})
	temp = await makeTempDir("cairn-worktree-processes-")
}, 60_000)
afterAll(() => temp?.remove())

async function repository() {
	const dir = path.join(temp.dir, `case-${++count}`)
	const root = path.join(dir, "repo")
	await mkdir(root, { recursive: true })
	execFileSync("git", ["init", "-q", "-b", "main"], { cwd: root })
	await writeFile(path.join(root, "a.txt"), "a\n")
	execFileSync("git", ["add", "-A"], { cwd: root })
	execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "x"], {
		cwd: root,
	})
	return { root, storageDir: path.join(dir, "storage") }
}

/** Starts a creator; `lines` are what it printed, `exited` settles when it ends (however). */
function creator(place: { root: string; storageDir: string }, prefix: string, count: number) {
	const child = spawn(
		process.execPath,
		[childBundle, place.root, place.storageDir, prefix, String(count)],
		{
			stdio: ["ignore", "pipe", "inherit"],
		},
	)
	let output = ""
	child.stdout.on("data", (chunk: Buffer) => {
		output += chunk.toString("utf8")
	})
	const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
	return { child, exited, lines: () => output.split("\n").slice(1, -1) }
}

async function open(place: { root: string; storageDir: string }) {
	const opened = await TaskWorktrees.open({
		repository: place.root,
		storageDir: place.storageDir,
		logger: recordingLogger(),
		state: { get: async () => undefined, set: async () => undefined },
		runSetup: async () => ({ exitCode: 0, output: "" }),
	})
	if ("unavailable" in opened) throw new Error(opened.reason)
	return opened
}

describe("task worktrees shared by several processes", () => {
	it("two processes creating at once never get the same name or index", { timeout: 60_000 }, async () => {
		const place = await repository()
		const creators = [creator(place, "a", 3), creator(place, "b", 3)]
		expect(await Promise.all(creators.map((c) => c.exited))).toEqual([0, 0])
		const made = creators.flatMap((c) => c.lines())
		expect(new Set(made.map((line) => line.split(" ")[0])).size).toBe(6)
		expect(made.map((line) => Number(line.split(" ")[1])).sort()).toEqual([1, 2, 3, 4, 5, 6])
		expect((await (await open(place)).list()).map((worktree) => worktree.state)).toEqual(
			Array(6).fill("active"),
		)
	})

	it(
		"after kill -9 at any instant, every worktree git has is listed, and all can be removed",
		{ timeout: 120_000 },
		async () => {
			const place = await repository()
			for (let kill = 0; kill < 6; kill++) {
				const running = creator(place, `k${kill}`, 50)
				// Killed once it has started, at a random point of its creating.
				const started = new Promise<void>((resolve) =>
					running.child.stdout.once("data", () => resolve()),
				)
				expect(await Promise.race([started.then(() => "started"), running.exited])).toBe("started")
				await new Promise((resolve) => setTimeout(resolve, Math.random() * 300))
				running.child.kill("SIGKILL")
				await running.exited
			}
			const worktrees = await open(place)
			const listed = await worktrees.list()
			const gitPaths = execFileSync("git", ["worktree", "list", "--porcelain"], { cwd: place.root })
				.toString("utf8")
				.split("\n")
				.filter((line) => line.startsWith("worktree "))
				.map((line) => line.slice("worktree ".length))
				.filter((folder) => folder !== place.root)
			expect(gitPaths.filter((folder) => !listed.some((worktree) => worktree.path === folder))).toEqual(
				[],
			)
			for (const worktree of listed) await worktrees.remove(worktree.taskId, { deleteBranch: true })
			const left = execFileSync("git", ["worktree", "list", "--porcelain"], {
				cwd: place.root,
			}).toString("utf8")
			expect(left.match(/^worktree /gm)).toHaveLength(1)
			expect(
				execFileSync("git", ["branch", "--list", "cairn/*"], { cwd: place.root }).toString("utf8"),
			).toBe("")
			expect((await worktrees.list()).every((worktree) => worktree.state === "discarded")).toBe(true)
			// Nothing left on disk in Cairn's folder that no list showed.
			const folder = path.dirname(listed[0]?.path ?? "")
			expect(await readdir(folder)).toEqual([])
		},
	)
})
