import { execFileSync } from "node:child_process"
import { appendFile, mkdir, readFile, utimes, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeHostileRepository, type HostileRepository } from "../test-support/hostileGitRepository.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { CheckpointStore } from "./checkpointStore.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let repo: HostileRepository
let restoreEnvironment: () => void

beforeEach(async () => {
	temp = await makeTempDir("cairn-checkpoints-hostile-")
	repo = await makeHostileRepository(temp.dir)
	restoreEnvironment = repo.hostileEnvironment()
})
afterEach(async () => {
	restoreEnvironment()
	await temp.remove()
})

describe("checkpoints in a workspace whose git configuration, attributes and environment name programs", () => {
	it("save, diff and restore without running any of them, keeping the files' exact bytes", async () => {
		const store = await CheckpointStore.open({
			workspaceRoot: repo.root,
			storageDir: path.join(temp.dir, "storage"),
			sizeLimitBytes: 1024 * 1024,
			logger: recordingLogger(),
		})
		const gitConfig = await readFile(path.join(repo.root, ".git", "config"))
		const checkpoint = await store.save("t", "first")
		await appendFile(path.join(repo.root, "a.txt"), "changed line\n")
		await writeFile(path.join(repo.root, "b.weird"), "rewritten\n")
		await utimes(path.join(repo.root, "same.txt"), new Date(2001, 1, 1), new Date(2001, 1, 1))
		await store.save("t", "second")

		const { patch } = await store.changesSince(checkpoint)
		expect(patch).toContain("diff --git a/a.txt b/a.txt")
		expect(patch).toContain("+changed line")
		expect(patch).toContain("+rewritten")

		await store.restore("t", checkpoint)
		expect(await readFile(path.join(repo.root, "a.txt"), "utf8")).toBe("first line\nsigned line\n")
		expect(await readFile(path.join(repo.root, "b.weird"), "utf8")).toBe("weird\n")
		expect(await repo.ran()).toEqual([])
		expect((await readFile(path.join(repo.root, ".git", "config"))).equals(gitConfig)).toBe(true)
	})
})

describe("checkpoints in a workspace holding a FIFO where git reads its rules", () => {
	const saveWithFifo = async (name: string) => {
		const root = path.join(temp.dir, `fifo-${name}`)
		await mkdir(root)
		await writeFile(path.join(root, "a.txt"), "a\n")
		execFileSync("mkfifo", [path.join(root, name)])
		const store = await CheckpointStore.open({
			workspaceRoot: root,
			storageDir: path.join(temp.dir, "storage"),
			sizeLimitBytes: 1024 * 1024,
			logger: recordingLogger(),
			gitTimeoutMs: 3_000,
		})
		return store.save("t", "first")
	}

	it("stop a git that would wait on it forever, and fail the checkpoint", { timeout: 60_000 }, async () => {
		// git ls-files waits on a .gitignore; git update-index (adding the files) on a .gitattributes.
		await expect(saveWithFifo(".gitignore")).rejects.toThrow(/git ls-files was stopped/)
		await expect(saveWithFifo(".gitattributes")).rejects.toThrow(/git update-index was stopped/)
	})
})
