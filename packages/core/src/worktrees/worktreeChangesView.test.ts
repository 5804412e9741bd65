import { rm } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { makeWorktreeRepository, type WorktreeRepository } from "../test-support/worktreeRepository.js"
import { worktreeDiff } from "./landing/index.js"
import { worktreeChangesView } from "./worktreeChangesView.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let repo: WorktreeRepository
let restoreHome: () => void

beforeAll(async () => {
	temp = await makeTempDir("cairn-worktree-view-")
	repo = await makeWorktreeRepository(temp.dir, { "a.txt": "base a\n", "gone.txt": "base gone\n" })
	restoreHome = repo.useHome()
	await repo.write(repo.worktree.path, { "a.txt": "task a\n", "new.txt": "task new\n" })
	await rm(path.join(repo.worktree.path, "gone.txt"))
})
afterAll(async () => {
	restoreHome()
	await temp.remove()
})

const text = (bytes: Uint8Array | undefined) =>
	bytes === undefined ? undefined : new TextDecoder().decode(bytes)

describe("a worktree's changes in the editor's diff view", () => {
	it("shows each changed file as the base had it against the worktree's file now", async () => {
		const { files } = await worktreeDiff(repo.worktree)
		const view = await worktreeChangesView(repo.worktree, files, "cairn/task against main")
		expect(view.title).toBe("cairn/task against main")
		// The paths are the worktree's: the view opens them there, not in the person's work tree.
		expect(view.root).toBe(repo.worktree.path)
		const byPath = new Map(view.changes.map((change) => [change.relativePath, change]))
		expect(text(byPath.get("a.txt")?.before)).toBe("base a\n")
		expect(byPath.get("a.txt")?.existsNow).toBe(true)
		expect(byPath.get("new.txt")).toEqual({ relativePath: "new.txt", before: undefined, existsNow: true })
		expect(text(byPath.get("gone.txt")?.before)).toBe("base gone\n")
		expect(byPath.get("gone.txt")?.existsNow).toBe(false)
	})
})
