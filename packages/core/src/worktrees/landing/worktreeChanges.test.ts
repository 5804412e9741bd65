import { mkdir, rm, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../../test-support/tempDir.js"
import { makeWorktreeRepository, type WorktreeRepository } from "../../test-support/worktreeRepository.js"
import { maxPatchBytes, worktreeChanges, worktreeDiff } from "./worktreeChanges.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let repo: WorktreeRepository
let restoreHome: () => void

beforeAll(async () => {
	temp = await makeTempDir("cairn-worktree-changes-")
	repo = await makeWorktreeRepository(temp.dir, {
		"a.txt": "one\ntwo\nthree\n",
		"old-name.txt": "a file the task renames\nwith two lines\n",
		"gone.txt": "deleted\n",
		".gitignore": "build/\nnode_modules/\n",
	})
	restoreHome = repo.useHome()
	const { worktree } = repo
	// Committed on the task's branch:
	await repo.write(worktree.path, { "a.txt": "one\nTWO\nthree\nfour\n" })
	await rm(path.join(worktree.path, "gone.txt"))
	repo.commitAll(worktree.path, "the task's commit")
	// Not committed: a rename, a new file, an ignored build and the setup's linked folder.
	repo.git(worktree.path, "mv", "old-name.txt", "new-name.txt")
	await repo.write(worktree.path, { "notes.md": "new\nand untracked\n", "build/out.js": "ignored\n" })
	await writeFile(path.join(worktree.path, "image.bin"), Buffer.from([0, 1, 2, 0, 255]))
	await mkdir(path.join(temp.dir, "shared-node-modules"))
	await symlink(path.join(temp.dir, "shared-node-modules"), path.join(worktree.path, "node_modules"))
	worktree.setupLinks = ["node_modules"]
})
afterAll(async () => {
	restoreHome()
	await temp.remove()
})

describe("a worktree's change against its base", () => {
	it("counts committed, uncommitted and untracked files, leaving out ignored files and the setup's links", async () => {
		expect(await worktreeChanges(repo.worktree)).toEqual({ files: 5, added: 4, removed: 2 })
	})

	it("lists each file with its kind of change and lines, and the patch, the worktree's own index untouched", async () => {
		const statusBefore = repo.git(repo.worktree.path, "status", "--porcelain")
		const diff = await worktreeDiff(repo.worktree)
		expect(diff.base).toBe(repo.worktree.baseCommit)
		expect([...diff.files].sort((a, b) => a.path.localeCompare(b.path))).toEqual([
			{ path: "a.txt", change: "modified", added: 2, removed: 1, binary: false },
			{ path: "gone.txt", change: "deleted", added: 0, removed: 1, binary: false },
			{ path: "image.bin", change: "added", added: 0, removed: 0, binary: true },
			{ path: "new-name.txt", change: "renamed", added: 0, removed: 0, binary: false },
			{ path: "notes.md", change: "added", added: 2, removed: 0, binary: false },
		])
		expect(diff.patch).toContain("diff --git a/a.txt b/a.txt")
		expect(diff.patch).toContain("+and untracked")
		expect(diff.patch).toContain("rename to new-name.txt")
		expect(diff.patch).not.toContain("node_modules")
		expect(diff.patch).not.toContain("build/out.js")
		expect(repo.git(repo.worktree.path, "status", "--porcelain")).toBe(statusBefore)
	})

	it("cuts a long patch at a line's end and says so", async () => {
		const big = path.join(repo.worktree.path, "big.txt")
		await writeFile(big, "a line of the big file\n".repeat(Math.ceil((maxPatchBytes * 1.2) / 23)))
		try {
			const diff = await worktreeDiff(repo.worktree)
			expect(diff.patch.length).toBeLessThan(maxPatchBytes + 200)
			expect(diff.patch).toMatch(
				/\+a line of the big file\n\[… the diff is cut here: it is longer than 2000000 bytes; the rest is in the worktree …\]\n$/,
			)
			expect(diff.files.find((file) => file.path === "big.txt")?.added).toBeGreaterThan(100_000)
		} finally {
			await rm(big)
		}
	})
})
