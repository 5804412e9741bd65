import { spawnSync } from "node:child_process"
import { mkdir, readdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { writeLooseRef } from "./looseRefs.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let gitDir: string
let commits: string[]

/** Plain git against the test's repository, to say what git makes of the refs (never the code under test). */
function git(...args: string[]): string {
	const result = spawnSync("git", [`--git-dir=${gitDir}`, ...args], { encoding: "utf8" })
	if (result.status !== 0) throw new Error(result.stderr)
	return result.stdout.trim()
}

beforeAll(async () => {
	temp = await makeTempDir("cairn-loose-refs-")
	gitDir = path.join(temp.dir, "git")
	spawnSync("git", ["init", "--quiet", "--bare", gitDir])
	const tree = git("mktree")
	commits = ["one", "two"].map((message) => git("commit-tree", tree, "-m", message))
})
afterAll(async () => {
	await temp.remove()
})

describe.runIf(process.platform === "linux")("moving a checkpoint's ref as git moves a loose ref", () => {
	it("points the ref where git reads it, moves it again, and leaves no lock behind", async () => {
		const [one = "", two = ""] = commits
		writeLooseRef(gitDir, "refs/cairn/tasks/5f0c-a.b_c", one)
		expect(git("rev-parse", "refs/cairn/tasks/5f0c-a.b_c")).toBe(one)
		writeLooseRef(gitDir, "refs/cairn/tasks/5f0c-a.b_c", two)
		expect(git("rev-parse", "refs/cairn/tasks/5f0c-a.b_c")).toBe(two)
		expect(git("for-each-ref", "--format=%(refname)")).toBe("refs/cairn/tasks/5f0c-a.b_c")
		expect(await readdir(path.join(gitDir, "refs", "cairn", "tasks"))).toEqual(["5f0c-a.b_c"])
	})

	it("replaces a lock a process left when it died mid-move (the caller holds the repository's lock)", async () => {
		const [one = ""] = commits
		await mkdir(path.join(gitDir, "refs", "cairn", "tasks"), { recursive: true })
		await writeFile(path.join(gitDir, "refs", "cairn", "tasks", "left.lock"), "")
		writeLooseRef(gitDir, "refs/cairn/tasks/left", one)
		expect(git("rev-parse", "refs/cairn/tasks/left")).toBe(one)
	})

	it("refuses a name that could leave the refs folder or name a lock, and an id that is not one", () => {
		const [one = ""] = commits
		for (const ref of [
			"refs/cairn/tasks/../../../config",
			"refs/cairn/tasks/..",
			"/tmp/refs/x",
			"refs/cairn/tasks/x.lock",
			"refs/cairn/tasks/.hidden",
			"refs/cairn/tasks/a b",
			"refs/cairn/tasks/",
			"HEAD",
		])
			expect(() => writeLooseRef(gitDir, ref, one), ref).toThrow(/does not write a ref named/)
		expect(() => writeLooseRef(gitDir, "refs/cairn/tasks/ok", "HEAD")).toThrow(/not an object id/)
	})

	it("moves a ref it made before in place: no lock file is made for it", async () => {
		const [one = "", two = ""] = commits
		writeLooseRef(gitDir, "refs/cairn/tasks/kept", one)
		// A folder where the ref's lock would go: a move through the lock would fail.
		await mkdir(path.join(gitDir, "refs", "cairn", "tasks", "kept.lock", "inside"), { recursive: true })
		writeLooseRef(gitDir, "refs/cairn/tasks/kept", two)
		expect(git("rev-parse", "refs/cairn/tasks/kept")).toBe(two)
	})

	it("writes a ref git packed (no loose file) as a loose one again", () => {
		const [one = "", two = ""] = commits
		writeLooseRef(gitDir, "refs/cairn/tasks/packed", one)
		git("pack-refs", "--all")
		writeLooseRef(gitDir, "refs/cairn/tasks/packed", two)
		expect(git("rev-parse", "refs/cairn/tasks/packed")).toBe(two)
	})

	it("says so when a new ref cannot be written, and leaves none", async () => {
		const [one = ""] = commits
		await mkdir(path.join(gitDir, "refs", "cairn", "tasks", "new.lock", "inside"), { recursive: true })
		expect(() => writeLooseRef(gitDir, "refs/cairn/tasks/new", one)).toThrow(/EISDIR|ENOTEMPTY|EPERM/)
		expect(() => git("rev-parse", "--verify", "--quiet", "refs/cairn/tasks/new")).toThrow()
	})
})
