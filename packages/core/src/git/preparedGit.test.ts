import { execFileSync } from "node:child_process"
import { writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { GitError } from "./gitError.js"
import { PreparedGit } from "./preparedGit.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeEach(async () => {
	temp = await makeTempDir("cairn-prepared-git-")
	execFileSync("git", ["init", "-q"], { cwd: temp.dir })
})
afterEach(() => temp.remove())

const listing = (args = ["ls-files", "--others"]) =>
	new PreparedGit({
		command: "git",
		args,
		cwd: temp.dir,
		env: process.env,
		name: args[0] ?? "",
		timeoutMs: 30_000,
	})

describe("a git started ahead of its runs", () => {
	it("answers what the files are when it is run, not when its process was started", async () => {
		const git = listing()
		expect((await git.run()).toString()).toBe("")
		// The next run's process is already waiting: the file comes after it started.
		await writeFile(path.join(temp.dir, "late.txt"), "x")
		expect((await git.run()).toString()).toBe("late.txt\n")
		await git.close()
	})

	it("fails with what git said, and runs again afterwards", async () => {
		const git = listing(["ls-files", "--no-such-option"])
		await expect(git.run()).rejects.toBeInstanceOf(GitError)
		await expect(git.run()).rejects.toThrow(/no-such-option/)
		await git.close()
	})
})
