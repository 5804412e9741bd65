import { existsSync } from "node:fs"
import { readFile, writeFile } from "node:fs/promises"
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
	temp = await makeTempDir("cairn-merge-landing-")
	repo = await makeWorktreeRepository(temp.dir, {
		"a.txt": "one\ntwo\nthree\n",
		"b.txt": "the person's file\n",
		".gitignore": ".env\n",
	})
	restoreHome = repo.useHome()
})
afterEach(async () => {
	restoreHome()
	await temp.remove()
})

const read = (folder: string, file: string) => readFile(path.join(folder, file), "utf8")
const mergeInProgress = () => existsSync(path.join(repo.root, ".git", "MERGE_HEAD"))

describe("landing a task by merging its branch into the person's current branch", () => {
	it("commits the worktree's uncommitted and new files on its branch first, then merges it with a merge commit", async () => {
		const { worktree } = repo
		await repo.write(worktree.path, { "a.txt": "one\nTWO\nthree\n" })
		repo.commitAll(worktree.path, "the task's commit")
		await repo.write(worktree.path, { "c.txt": "not committed yet\n", "notes/new.md": "untracked\n" })
		await writeFile(path.join(worktree.path, "b.txt"), "changed by the task, not committed\n")

		expect(await landWorktree(worktree, "merge")).toEqual({ how: "merge" })

		expect(await read(repo.root, "a.txt")).toBe("one\nTWO\nthree\n")
		expect(await read(repo.root, "c.txt")).toBe("not committed yet\n")
		expect(await read(repo.root, "notes/new.md")).toBe("untracked\n")
		expect(await read(repo.root, "b.txt")).toBe("changed by the task, not committed\n")
		expect(repo.git(repo.root, "rev-list", "--parents", "-n1", "HEAD").trim().split(" ")).toHaveLength(3)
		expect(repo.git(repo.root, "log", "-1", "--format=%s%n%an").trim()).toBe(
			"Merge branch 'cairn/task': The task task\nPat Person",
		)
		expect(repo.git(worktree.path, "log", "-1", "--format=%s").trim()).toBe("The task task")
		expect(repo.git(worktree.path, "status", "--porcelain")).toBe("")
		expect(await unlandedWork(worktree)).toEqual([])
	})

	it("Landing with a conflict leaves both sides and the person's work intact", async () => {
		const { worktree } = repo
		await repo.write(worktree.path, { "a.txt": "one\nthe task's two\nthree\n" })
		await repo.write(repo.root, { "a.txt": "one\nthe person's two\nthree\n" })
		const personsCommit = repo.commitAll(repo.root, "the person's own change")
		// Work of the person's the merge has nothing to do with: changed, and new.
		await writeFile(path.join(repo.root, "b.txt"), "the person's uncommitted edit\n")
		await writeFile(path.join(repo.root, "draft.md"), "the person's untracked draft\n")

		const landing = await landWorktree(worktree, "merge")

		expect(landing).toEqual({ how: "merge", conflicts: ["a.txt"] })
		const conflicted = await read(repo.root, "a.txt")
		expect(conflicted).toContain("<<<<<<<")
		expect(conflicted).toContain("the person's two")
		expect(conflicted).toContain("the task's two")
		expect(conflicted).toContain(">>>>>>>")
		// Left in progress for the person: never aborted, never settled by taking one side.
		expect(mergeInProgress()).toBe(true)
		expect(repo.git(repo.root, "rev-parse", "HEAD").trim()).toBe(personsCommit)
		expect(await read(repo.root, "b.txt")).toBe("the person's uncommitted edit\n")
		expect(await read(repo.root, "draft.md")).toBe("the person's untracked draft\n")
		// The task's side is kept on its branch too.
		expect(repo.git(repo.root, "show", "cairn/task:a.txt")).toBe("one\nthe task's two\nthree\n")
	})

	it("keeps both sides even when the repository tells every merge into the branch to take theirs", async () => {
		const { worktree } = repo
		repo.git(repo.root, "config", "branch.main.mergeOptions", "-X theirs")
		repo.git(repo.root, "config", "rerere.enabled", "true")
		await repo.write(worktree.path, { "a.txt": "one\nthe task's two\nthree\n" })
		await repo.write(repo.root, { "a.txt": "one\nthe person's two\nthree\n" })
		repo.commitAll(repo.root, "the person's own change")

		expect((await landWorktree(worktree, "merge")).conflicts).toEqual(["a.txt"])
		expect(await read(repo.root, "a.txt")).toContain("the person's two")
	})

	it("refuses before starting, naming the file, when the person has uncommitted changes in a file the merge would change", async () => {
		const { worktree } = repo
		await repo.write(worktree.path, { "b.txt": "the task's version\n" })
		const personsEdit = Buffer.from("the person's unsaved work \u00e9\r\n\u0000binary tail")
		await writeFile(path.join(repo.root, "b.txt"), personsEdit)
		const head = repo.git(repo.root, "rev-parse", "HEAD")

		await expect(landWorktree(worktree, "merge")).rejects.toThrow(
			"You have uncommitted work in b.txt, which this landing would change",
		)

		expect(await readFile(path.join(repo.root, "b.txt"))).toEqual(personsEdit)
		expect(repo.git(repo.root, "rev-parse", "HEAD")).toBe(head)
		expect(mergeInProgress()).toBe(false)
		// The task's work was committed on its branch all the same: nothing of it is lost either.
		expect(repo.git(repo.root, "show", "cairn/task:b.txt")).toBe("the task's version\n")
	})

	it("refuses when a file the person ignores stands where the branch adds one (git would overwrite it silently)", async () => {
		const { worktree } = repo
		await repo.write(worktree.path, { ".env": "TASK=1\n" })
		repo.git(worktree.path, "add", "--force", ".env")
		repo.git(worktree.path, "commit", "-q", "-m", "the task adds an ignored file by force")
		await writeFile(path.join(repo.root, ".env"), "SECRET=the person's\n")

		await expect(landWorktree(worktree, "merge")).rejects.toThrow("You have uncommitted work in .env")
		expect(await read(repo.root, ".env")).toBe("SECRET=the person's\n")
	})

	it("refuses with a sentence on a detached HEAD, and while the person's own merge is unfinished", async () => {
		const { worktree } = repo
		await repo.write(worktree.path, { "a.txt": "task\n" })
		repo.git(repo.root, "checkout", "-q", "--detach")
		await expect(landWorktree(worktree, "merge")).rejects.toThrow(/not on a branch \(detached HEAD\)/)

		repo.git(repo.root, "checkout", "-q", "main")
		repo.git(repo.root, "checkout", "-q", "-b", "side")
		await repo.write(repo.root, { "b.txt": "side\n" })
		repo.commitAll(repo.root, "side")
		repo.git(repo.root, "checkout", "-q", "main")
		await repo.write(repo.root, { "b.txt": "main\n" })
		repo.commitAll(repo.root, "main")
		expect(() => repo.git(repo.root, "merge", "-q", "side")).toThrow()
		await expect(landWorktree(worktree, "merge")).rejects.toThrow(
			/unfinished merge, rebase, cherry-pick or revert/,
		)
		expect(await read(repo.root, "b.txt")).toContain("<<<<<<<")
	})

	it("reports, in a sentence, a merge git itself refuses, and nothing of the person's changes", async () => {
		const { worktree } = repo
		await repo.write(worktree.path, { "a.txt": "the task's\n" })
		repo.git(repo.root, "checkout", "-q", "--orphan", "unrelated")
		await repo.write(repo.root, { "a.txt": "a history of its own\n" })
		const head = repo.commitAll(repo.root, "no common commit with the task")

		await expect(landWorktree(worktree, "merge")).rejects.toThrow(
			"Git did not merge: fatal: refusing to merge unrelated histories",
		)
		expect(repo.git(repo.root, "rev-parse", "HEAD").trim()).toBe(head)
		expect(await read(repo.root, "a.txt")).toBe("a history of its own\n")
		expect(mergeInProgress()).toBe(false)
	})
})
