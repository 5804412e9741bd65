import { rm } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { english } from "./landingText.js"
import { makeTempDir } from "../../test-support/tempDir.js"
import { makeWorktreeRepository, type WorktreeRepository } from "../../test-support/worktreeRepository.js"
import { commitWorktreeWork } from "./commitWorktree.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let repo: WorktreeRepository
let restoreHome: () => void

beforeEach(async () => {
	temp = await makeTempDir("cairn-commit-worktree-")
	repo = await makeWorktreeRepository(temp.dir, { "a.txt": "one\n" })
	restoreHome = repo.useHome()
})
afterEach(async () => {
	restoreHome()
	await temp.remove()
})

describe("committing a worktree's work before it lands", () => {
	it("commits as the person when their configuration names them, else as Cairn, the task's title as the message", async () => {
		const { worktree } = repo
		await repo.write(worktree.path, { "a.txt": "two\n" })
		await commitWorktreeWork(worktree, english)
		expect(repo.git(worktree.path, "log", "-1", "--format=%an <%ae>|%cn|%s").trim()).toBe(
			"Pat Person <pat@example.com>|Pat Person|The task task",
		)

		await rm(path.join(repo.home, ".gitconfig"))
		await repo.write(worktree.path, { "a.txt": "three\n" })
		await commitWorktreeWork({ ...worktree, title: "--amend is a title, not an option" }, english)
		expect(repo.git(worktree.path, "log", "-1", "--format=%an <%ae>|%cn|%s").trim()).toBe(
			"Cairn <cairn@localhost>|Cairn|--amend is a title, not an option",
		)
		expect(repo.git(worktree.path, "rev-list", "--count", "HEAD").trim()).toBe("3")
	})

	it("commits nothing when there is nothing to commit", async () => {
		const head = repo.git(repo.worktree.path, "rev-parse", "HEAD")
		await commitWorktreeWork(repo.worktree, english)
		expect(repo.git(repo.worktree.path, "rev-parse", "HEAD")).toBe(head)
	})

	it("refuses when the worktree is not on its branch, leaving its files as they are", async () => {
		const { worktree } = repo
		repo.git(worktree.path, "checkout", "-q", "--detach")
		await repo.write(worktree.path, { "a.txt": "uncommitted\n" })
		await expect(commitWorktreeWork(worktree, english)).rejects.toThrow(
			"The task's worktree is not on its branch cairn/task",
		)
		expect(repo.git(worktree.path, "status", "--porcelain")).toBe(" M a.txt\n")
	})
})
