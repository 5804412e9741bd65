import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { pendingRestoreFile } from "../../checkpoints/applyRestore.js"
import { CheckpointStore } from "../../checkpoints/checkpointStore.js"
import { Controller } from "../../controller/Controller.js"
import { NodeHost } from "../../host/node/NodeHost.js"
import { buildProvider } from "../../providers/buildProvider.js"
import { ShadowRepository } from "../../checkpoints/shadowRepository.js"
import { recordingLogger } from "../../test-support/recordingLogger.js"
import { makeTempDir } from "../../test-support/tempDir.js"
import { captureTree, type Entry, sameEntry } from "../../test-support/workspaceState.js"
import { bundleChild } from "./bundleChild.js"
import { onChildLines } from "./childLines.js"

// SIGKILL while checkpoints are saved or restored, in another process: the shadow repository
// still works afterwards, and a restore cut short is finished the next time the workspace's
// checkpoints open, so the files are at the checkpoint or untouched, never half-way.

const files = 1_200
const name = (i: number) => `src/f${String(i).padStart(4, "0")}.txt`
let temp: { dir: string; remove(): Promise<void> }
let child: string

beforeAll(async () => {
	child = await bundleChild("checkpointChild.ts", "checkpoint-child")
	temp = await makeTempDir("cairn-checkpoint-crash-")
}, 60_000)

afterAll(async () => {
	await temp?.remove()
})

async function workspaceWith(
	label: string,
	content: (i: number) => string,
): Promise<{ root: string; storage: string }> {
	const root = path.join(temp.dir, label, "workspace")
	await mkdir(path.join(root, "src"), { recursive: true })
	for (let i = 0; i < files; i++) await writeFile(path.join(root, name(i)), content(i))
	return { root, storage: path.join(temp.dir, label, "storage") }
}

const open = (root: string, storage: string) =>
	CheckpointStore.open({
		workspaceRoot: root,
		storageDir: storage,
		sizeLimitBytes: 5 * 1024 * 1024,
		logger: recordingLogger(),
	})

/** Starts the child; `kill` decides, from its output and the workspace, when to SIGKILL it. Resolves when it has exited. */
function runChild(env: Record<string, string>, killWhen: () => Promise<boolean>): Promise<void> {
	return new Promise((resolve, reject) => {
		const process_ = spawn(process.execPath, [child], {
			env: { ...process.env, ...env },
			stdio: ["ignore", "pipe", "pipe"],
		})
		let stderr = ""
		process_.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
		onChildLines(process_, (line) => {
			if (line !== "ready") return
			const poll = async () => {
				while (process_.exitCode === null && !(await killWhen()))
					await new Promise((r) => setTimeout(r, 1))
				process_.kill("SIGKILL")
			}
			void poll()
		})
		process_.on("exit", (code, signal) =>
			signal === "SIGKILL" || code === 0
				? resolve()
				: reject(new Error(`the child failed (${code}): ${stderr}`)),
		)
	})
}

const skipGit = (relative: string) => relative === ".git"
const same = (a: Map<string, Entry>, b: Map<string, Entry>) =>
	a.size === b.size && [...a].every(([key, entry]) => sameEntry(entry, b.get(key)))

describe("a checkpoint operation killed with SIGKILL", { timeout: 120_000 }, () => {
	it("a restore cut short is finished at the next opening: the files end at the checkpoint, never half-way", async () => {
		const { root, storage } = await workspaceWith("restore", (i) => `first ${i}\n`)
		const store = await open(root, storage)
		const checkpoint = await store.save("task", "first")
		const target = await captureTree(root, skipGit)
		for (let i = 0; i < files; i++) await writeFile(path.join(root, name(i)), `second ${i}\n`)
		await writeFile(path.join(root, "added.txt"), "added after the checkpoint\n")
		const untouched = await captureTree(root, skipGit)

		// Killed as soon as a file in the middle of the restore has its old content back.
		const middle = path.join(root, name(files / 3))
		await runChild(
			{
				CHECKPOINT_WORKSPACE: root,
				CHECKPOINT_STORAGE: storage,
				CHECKPOINT_OP: `restore ${checkpoint}`,
			},
			async () => (await readFile(middle, "utf8").catch(() => "")).startsWith("first"),
		)
		const repository = await ShadowRepository.open({
			workspaceRoot: root,
			storageDir: storage,
			sizeLimitBytes: 1,
		})
		const cutShort = existsSync(pendingRestoreFile(repository))
		const half = await captureTree(root, skipGit)
		expect(cutShort, "the kill landed in the middle of the restore").toBe(true)
		expect(same(half, target) || same(half, untouched)).toBe(false)

		// The next start of Cairn in the workspace finishes it, before any task runs.
		const controller = new Controller({
			host: new NodeHost({ workspaceRoot: root, storageDir: storage, logger: recordingLogger() }),
			version: "test",
			tools: [],
			toolSpecs: [],
			buildProvider,
		})
		await controller.initialize()
		expect(same(await captureTree(root, skipGit), target)).toBe(true)
		await controller.dispose()
		const reopened = await open(root, storage)
		expect(existsSync(pendingRestoreFile(repository))).toBe(false)
		// And the repository works on: save, change, restore.
		const again = await reopened.save("task", "after the crash")
		await writeFile(path.join(root, name(0)), "third\n")
		await reopened.restore("task", again)
		expect(await readFile(path.join(root, name(0)), "utf8")).toBe("first 0\n")
	})

	it("a save cut short leaves a repository that saves and restores on", async () => {
		const { root, storage } = await workspaceWith("save", (i) => `first ${i}\n`)
		const store = await open(root, storage)
		const checkpoint = await store.save("task", "first")
		let changed = 0
		const folder = await ShadowRepository.folderFor(storage, root)
		const taskRef = path.join(folder, "git", "refs", "cairn", "tasks", "task")
		const checkpointsSeen = new Set<string>()
		// Changes a file each time the child, saving in a loop, has saved a checkpoint, and kills it
		// a few after its first (whose trees git writes; the next ones' are packed by Cairn).
		await runChild(
			{ CHECKPOINT_WORKSPACE: root, CHECKPOINT_STORAGE: storage, CHECKPOINT_OP: "save" },
			async () => {
				const seen = checkpointsSeen.size
				checkpointsSeen.add(await readFile(taskRef, "utf8").catch(() => ""))
				if (checkpointsSeen.size === seen) return false
				await writeFile(path.join(root, name(changed % files)), `changed ${changed}\n`)
				changed++
				return checkpointsSeen.size > 6
			},
		)
		// The child's last checkpoint, its trees in a pack it had not sealed (see PackedTrees).
		expect((await readdir(folder)).filter((file) => file.startsWith("trees-"))).not.toEqual([])
		const childLast = (await readFile(taskRef, "utf8")).trim()
		const reopened = await open(root, storage)
		await expect(reopened.changesSince(childLast)).resolves.toHaveProperty("patch")
		expect((await readdir(folder)).filter((file) => file.startsWith("trees-"))).toEqual([])
		const after = await reopened.save("task", "after the crash")
		expect(after).toMatch(/^[0-9a-f]{40}$/)
		const report = await reopened.restore("task", checkpoint)
		expect(report.report.skipped).toEqual([])
		for (const i of [0, 1, 39, files - 1])
			expect(await readFile(path.join(root, name(i)), "utf8")).toBe(`first ${i}\n`)
	})
})
