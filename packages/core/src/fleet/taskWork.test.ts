import { execFileSync } from "node:child_process"
import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { baseCommitOf, commitTaskWork, prefixInRepository } from "./taskWork.js"

let root: string
let remove: () => Promise<void>
beforeEach(async () => {
	;({ dir: root, remove } = await makeTempDir("cairn-fleet-work-"))
})
afterEach(() => remove())

const git = (cwd: string, ...args: string[]): string =>
	execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], {
		cwd,
		encoding: "utf8",
	}).trim()

describe("a fleet task's work", () => {
	it("starts from the task's base as a hash, and lands on its branch as one commit with its changes counted", async () => {
		const repository = path.join(root, "repo")
		git(root, "init", "-q", "-b", "main", repository)
		await writeFile(path.join(repository, "a.txt"), "one\n")
		await writeFile(path.join(repository, ".gitignore"), "build/\n")
		git(repository, "add", "-A")
		git(repository, "commit", "-qm", "first")
		const first = git(repository, "rev-parse", "HEAD")
		git(repository, "tag", "v1")
		await writeFile(path.join(repository, "a.txt"), "two\n")
		git(repository, "commit", "-qam", "second")

		expect(await prefixInRepository(repository)).toBe("")
		await mkdir(path.join(repository, "packages", "app"), { recursive: true })
		expect(await prefixInRepository(path.join(repository, "packages", "app"))).toBe("packages/app/")
		expect(await baseCommitOf(repository, "v1")).toBe(first)
		expect(await baseCommitOf(repository, undefined)).toBe(git(repository, "rev-parse", "HEAD"))
		await expect(baseCommitOf(repository, "no-such-branch")).rejects.toThrow()

		const worktree = path.join(root, "wt")
		git(repository, "worktree", "add", "-q", "-b", "cairn/t1", worktree, first)
		await writeFile(path.join(worktree, "a.txt"), "one\nmore\n")
		await writeFile(path.join(worktree, "new.txt"), "new\n")
		execFileSync("mkdir", ["-p", path.join(worktree, "build")])
		await writeFile(path.join(worktree, "build", "out.js"), "ignored\n")

		const work = await commitTaskWork({
			repository,
			path: worktree,
			branch: "cairn/t1",
			baseCommit: first,
			title: "t1: add more",
		})
		expect(work.commit).toBe(git(repository, "rev-parse", "cairn/t1"))
		expect(work.changes).toEqual({ files: 2, added: 2, removed: 0 })
		expect(git(repository, "log", "-1", "--format=%s", "cairn/t1")).toBe("t1: add more")
		expect(git(repository, "show", "--name-only", "--format=", "cairn/t1").split("\n").sort()).toEqual([
			"a.txt",
			"new.txt",
		])
		expect(git(worktree, "status", "--porcelain")).toBe("")
	})
})
