import { readFile, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../../test-support/tempDir.js"
import { makeWorktreeRepository, type WorktreeRepository } from "../../test-support/worktreeRepository.js"
import { landWorktree } from "./landWorktree.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let repo: WorktreeRepository
let restoreHome: () => void

beforeEach(async () => {
	temp = await makeTempDir("cairn-apply-landing-")
	repo = await makeWorktreeRepository(temp.dir, {
		"a.txt": "one\ntwo\nthree\n",
		"b.txt": "the person's file\n",
		"gone.txt": "the task deletes this\n",
	})
	restoreHome = repo.useHome()
})
afterEach(async () => {
	restoreHome()
	await temp.remove()
})

const read = (file: string) => readFile(path.join(repo.root, file), "utf8")

describe("landing a task by applying its change to the person's work tree as uncommitted changes", () => {
	it("writes only the change's files, commits nothing of the person's, and keeps their other uncommitted work", async () => {
		const { worktree } = repo
		await repo.write(worktree.path, {
			"a.txt": "one\nTWO\nthree\n",
			"new/file.txt": "added by the task\n",
		})
		repo.commitAll(worktree.path, "the task's commit")
		// Deleted and not committed: landing commits the deletion too.
		await rm(path.join(worktree.path, "gone.txt"))
		await writeFile(path.join(repo.root, "b.txt"), "the person's uncommitted edit\n")
		const head = repo.git(repo.root, "rev-parse", "HEAD")

		expect(await landWorktree(worktree, "apply")).toEqual({ how: "apply" })

		expect(repo.git(repo.root, "rev-parse", "HEAD")).toBe(head)
		expect(await read("a.txt")).toBe("one\nTWO\nthree\n")
		expect(await read("new/file.txt")).toBe("added by the task\n")
		expect(
			repo.git(repo.root, "status", "--porcelain", "--untracked-files=all").split("\n").sort(),
		).toEqual(["", " M b.txt", "A  new/file.txt", "D  gone.txt", "M  a.txt"].sort())
		expect(await read("b.txt")).toBe("the person's uncommitted edit\n")
	})

	it("refuses, naming it, when the person has uncommitted work in a file of the change; the file stays byte for byte", async () => {
		const { worktree } = repo
		await repo.write(worktree.path, { "a.txt": "the task's a\n" })
		const personsEdit = Buffer.from("one\ntwo\nthree\nthe person's line\u0000\n")
		await writeFile(path.join(repo.root, "a.txt"), personsEdit)

		await expect(landWorktree(worktree, "apply")).rejects.toThrow(
			"You have uncommitted work in a.txt, which this landing would change",
		)
		expect(await readFile(path.join(repo.root, "a.txt"))).toEqual(personsEdit)
		expect(repo.git(repo.root, "status", "--porcelain")).toBe(" M a.txt\n")
	})

	it("leaves conflict markers with both sides, listed, where the person's branch moved on in the same lines", async () => {
		const { worktree } = repo
		await repo.write(worktree.path, { "a.txt": "one\nthe task's two\nthree\n", "c.txt": "clean\n" })
		await repo.write(repo.root, { "a.txt": "one\nthe person's two\nthree\n" })
		repo.commitAll(repo.root, "the person's change")

		expect(await landWorktree(worktree, "apply")).toEqual({ how: "apply", conflicts: ["a.txt"] })
		const conflicted = await read("a.txt")
		expect(conflicted).toContain("the person's two")
		expect(conflicted).toContain("the task's two")
		expect(conflicted).toContain("<<<<<<<")
		expect(await read("c.txt")).toBe("clean\n")
	})
})
