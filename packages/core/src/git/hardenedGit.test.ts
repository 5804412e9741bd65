import { execFileSync } from "node:child_process"
import { appendFile, mkdir, utimes } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeHostileRepository, type HostileRepository } from "../test-support/hostileGitRepository.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { driverSettings } from "./gitHardening.js"
import { HardenedGit } from "./hardenedGit.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let repo: HostileRepository
let restoreEnvironment: () => void

beforeAll(async () => {
	temp = await makeTempDir("cairn-hardened-git-")
	repo = await makeHostileRepository(temp.dir)
	restoreEnvironment = repo.hostileEnvironment()
	await appendFile(path.join(repo.root, "a.txt"), "changed line\n")
	await utimes(path.join(repo.root, "same.txt"), new Date(2001, 1, 1), new Date(2001, 1, 1))
})
afterAll(async () => {
	restoreEnvironment()
	await temp.remove()
})

describe("the hardened git helper in a repository that names a program everywhere", () => {
	it("runs the commands Cairn uses without starting any of them, and their output is plain", async () => {
		const git = await HardenedGit.forPerson({ cwd: repo.root })
		const text = async (args: string[]) => (await git.run(args)).stdout.toString("utf8")
		expect(await text(["status", "--porcelain=v1", "-z"])).toBe(" M a.txt\0")
		for (const args of [
			["diff", "HEAD"],
			["diff-index", "-p", "HEAD"],
			["show", repo.signedCommit],
			["log", "-p", "-n2"],
			["diff-tree", "-p", "-r", `${repo.signedCommit}~1`, repo.signedCommit],
		]) {
			const output = await text(args)
			expect(output, args.join(" ")).toContain("diff --git a/a.txt b/a.txt")
			expect(output, args.join(" ")).not.toContain("\u001b[")
		}
		expect(await repo.ran()).toEqual([])
	})

	it("keeps Cairn's own GIT_* variables from git (a GIT_DIR there would point it elsewhere)", async () => {
		const saved = process.env.GIT_DIR
		process.env.GIT_DIR = path.join(temp.dir, "elsewhere")
		try {
			const git = await HardenedGit.forPerson({ cwd: repo.root })
			expect((await git.run(["rev-parse", "--git-dir"])).stdout.toString("utf8").trim()).toBe(".git")
		} finally {
			if (saved === undefined) delete process.env.GIT_DIR
			else process.env.GIT_DIR = saved
		}
	})

	it("stops a git that waits on a FIFO in the work tree (a .gitignore) once its time runs out", async () => {
		const root = path.join(temp.dir, "fifo")
		await mkdir(root)
		execFileSync("git", ["init", "-q"], { cwd: root })
		execFileSync("mkfifo", [path.join(root, ".gitignore")])
		const git = await HardenedGit.forPerson({ cwd: root, timeoutMs: 2_000 })
		await expect(git.run(["status", "--porcelain=v1", "-z"])).rejects.toThrow(/git status was stopped/)
	})

	it("empties every filter and merge driver the configuration names, whatever the name holds", () => {
		expect(
			driverSettings([
				"filter.x.clean",
				"filter.x.smudge",
				"filter.a=b.c.process",
				"merge.m.driver",
				"diff.x.textconv",
			]),
		).toEqual([
			["filter.x.clean", ""],
			["filter.x.smudge", ""],
			["filter.x.process", ""],
			["filter.x.required", "false"],
			["filter.a=b.c.clean", ""],
			["filter.a=b.c.smudge", ""],
			["filter.a=b.c.process", ""],
			["filter.a=b.c.required", "false"],
			["merge.m.driver", ""],
		])
	})
})
