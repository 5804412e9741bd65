import { mkdir, rm, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../../test-support/tempDir.js"
import { makeWorktreeRepository, type WorktreeRepository } from "../../test-support/worktreeRepository.js"
import { landWorktree } from "./landWorktree.js"
import { unlandedWork } from "./unlandedWork.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let repo: WorktreeRepository
let restoreHome: () => void

beforeEach(async () => {
	temp = await makeTempDir("cairn-unlanded-")
	repo = await makeWorktreeRepository(temp.dir, { "a.txt": "one\n", ".gitignore": "*.log\n" })
	restoreHome = repo.useHome()
})
afterEach(async () => {
	restoreHome()
	await temp.remove()
})

const shortHash = (ref: string) => repo.git(repo.worktree.path, "rev-parse", "--short", ref).trim()

describe("what discarding a worktree would lose", () => {
	it("is nothing for a fresh worktree: its commit is on the person's branch", async () => {
		expect(await unlandedWork(repo.worktree)).toEqual([])
	})

	it("names uncommitted and untracked files, and commits on no other branch or remote-tracking branch, but not ignored files or the setup's links", async () => {
		const { worktree } = repo
		await repo.write(worktree.path, { "a.txt": "one\ntwo\n" })
		repo.commitAll(worktree.path, "the first of the task")
		await repo.write(worktree.path, { "a.txt": "one\ntwo\nthree\n" })
		repo.commitAll(worktree.path, "the second of the task")
		await writeFile(path.join(worktree.path, "a.txt"), "one\nchanged again\n")
		await repo.write(worktree.path, { "docs/new.md": "new\n", "debug.log": "ignored\n" })
		await mkdir(path.join(temp.dir, "modules"))
		await symlink(path.join(temp.dir, "modules"), path.join(worktree.path, "node_modules"))
		worktree.setupLinks = ["node_modules"]

		expect(await unlandedWork(worktree)).toEqual([
			"a.txt (changed, not committed)",
			"docs/new.md (new, not committed)",
			`commit ${shortHash("HEAD")} “the second of the task” (on no other branch)`,
			`commit ${shortHash("HEAD~1")} “the first of the task” (on no other branch)`,
		])
	})

	it("no longer counts commits another branch holds, and is empty once the task is landed by merge", async () => {
		const { worktree } = repo
		await repo.write(worktree.path, { "b.txt": "work\n" })
		const first = repo.commitAll(worktree.path, "kept on a branch of the person's")
		repo.git(repo.root, "branch", "keep", first)
		await repo.write(worktree.path, { "c.txt": "more work\n" })
		repo.commitAll(worktree.path, "only here")
		await repo.write(worktree.path, { "d.txt": "not committed\n" })

		expect(await unlandedWork(worktree)).toEqual([
			"d.txt (new, not committed)",
			`commit ${shortHash("HEAD")} “only here” (on no other branch)`,
		])
		await landWorktree(worktree, "merge")
		expect(await unlandedWork(worktree)).toEqual([])
	})

	it("counts the commits past the twentieth in one phrase", async () => {
		for (let i = 1; i <= 23; i++) {
			await repo.write(repo.worktree.path, { "a.txt": `version ${i}\n` })
			repo.commitAll(repo.worktree.path, `commit ${i}`)
		}
		const loss = await unlandedWork(repo.worktree)
		expect(loss).toHaveLength(21)
		expect(loss[0]).toContain("“commit 23”")
		expect(loss[20]).toBe("more commits on no other branch: 3")
	})

	it("still names the branch's commits when the worktree's folder is gone", async () => {
		await repo.write(repo.worktree.path, { "b.txt": "work\n" })
		repo.commitAll(repo.worktree.path, "committed before the folder went")
		const hash = shortHash("HEAD")
		await rm(repo.worktree.path, { recursive: true })
		expect(await unlandedWork(repo.worktree)).toEqual([
			`commit ${hash} “committed before the folder went” (on no other branch)`,
		])
	})
})
