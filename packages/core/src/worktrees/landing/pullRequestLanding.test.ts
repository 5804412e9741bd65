import { execFileSync } from "node:child_process"
import { chmod, mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../../test-support/tempDir.js"
import { makeWorktreeRepository, type WorktreeRepository } from "../../test-support/worktreeRepository.js"
import { landWorktree } from "./landWorktree.js"
import { unlandedWork } from "./unlandedWork.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let repo: WorktreeRepository
let bare: string
/** The only folder on PATH: git, and gh when a test puts one there. */
let bin: string
let markers: string
let restore: () => void

beforeEach(async () => {
	temp = await makeTempDir("cairn-pull-request-")
	repo = await makeWorktreeRepository(temp.dir, { "a.txt": "one\n" })
	bare = path.join(temp.dir, "remote.git")
	execFileSync("git", ["init", "-q", "--bare", bare])
	bin = path.join(temp.dir, "bin")
	markers = path.join(temp.dir, "markers")
	await Promise.all([mkdir(bin), mkdir(markers)])
	await symlink(execFileSync("sh", ["-c", "command -v git"]).toString().trim(), path.join(bin, "git"))
	const restoreHome = repo.useHome()
	const savedPath = process.env.PATH
	process.env.PATH = bin
	restore = () => {
		process.env.PATH = savedPath
		restoreHome()
	}
	await repo.write(repo.worktree.path, { "a.txt": "one\nthe task's line\n" })
})
afterEach(async () => {
	restore()
	await temp.remove()
})

/** A program that leaves a marker named `name` when it runs: the repository's configuration names it. */
async function markerProgram(name: string): Promise<string> {
	const file = path.join(temp.dir, name)
	await writeFile(file, `#!/bin/sh\n: > '${path.join(markers, name)}'\nexit 1\n`)
	await chmod(file, 0o755)
	return file
}

/** The origin the tests push to: the bare repository on disk, shown on the web as a GitHub project. */
function githubOriginPushingTo(pushUrl: string): void {
	repo.git(repo.root, "remote", "add", "origin", "https://github.com/pat/project.git")
	repo.git(repo.root, "config", "remote.origin.pushurl", pushUrl)
}

describe("landing a task as a pull request", () => {
	it("pushes the branch to the remote and, without gh, gives the compare page to open the pull request", async () => {
		githubOriginPushingTo(bare)

		const landing = await landWorktree(repo.worktree, "pullRequest")

		expect(landing).toEqual({
			how: "pullRequest",
			url: "https://github.com/pat/project/compare/main...cairn/task?expand=1",
		})
		const pushed = execFileSync("git", [
			"--git-dir",
			bare,
			"show",
			"refs/heads/cairn/task:a.txt",
		]).toString()
		expect(pushed).toBe("one\nthe task's line\n")
		// The remote-tracking branch moved as a push by name moves it: nothing is left unlanded.
		expect(await unlandedWork(repo.worktree)).toEqual([])
	})

	it("opens the pull request with gh when it is on PATH (a real child process: a script that records its arguments)", async () => {
		githubOriginPushingTo(bare)
		const recorded = path.join(temp.dir, "gh-arguments")
		await writeFile(
			path.join(bin, "gh"),
			[
				"#!/bin/sh",
				`for argument in "$@"; do printf '%s\\n' "$argument" >> '${recorded}'; done`,
				`printf 'hooks=%s\\n' "$(git config core.hooksPath)" >> '${recorded}'`,
				"echo 'https://github.com/pat/project/pull/7'",
			].join("\n"),
		)
		await chmod(path.join(bin, "gh"), 0o755)

		const landing = await landWorktree(repo.worktree, "pullRequest")

		expect(landing).toEqual({ how: "pullRequest", url: "https://github.com/pat/project/pull/7" })
		expect((await readFile(recorded, "utf8")).split("\n")).toEqual([
			"pr",
			"create",
			"--head",
			"cairn/task",
			"--base",
			"main",
			"--title",
			"The task task",
			"--body",
			"The work of the Cairn task “The task task”.",
			// The git gh runs gets the hardened settings: the repository's programs stay off for it too.
			"hooks=/dev/null",
			"",
		])
	})

	it("says so when gh cannot open it, after the push, with the page to open it by hand", async () => {
		githubOriginPushingTo(bare)
		await writeFile(path.join(bin, "gh"), "#!/bin/sh\necho 'not logged in' >&2\nexit 4\n")
		await chmod(path.join(bin, "gh"), 0o755)

		await expect(landWorktree(repo.worktree, "pullRequest")).rejects.toThrow(
			"cairn/task was pushed to origin, but gh could not open the pull request (not logged in): open it at https://github.com/pat/project/compare/main...cairn/task?expand=1.",
		)
	})

	it("pushes with none of the programs the repository's configuration names, and refuses a remote helper", async () => {
		githubOriginPushingTo(bare)
		repo.git(repo.root, "config", "remote.origin.receivepack", await markerProgram("receivepack"))
		repo.git(repo.root, "config", "core.sshCommand", await markerProgram("ssh"))
		repo.git(repo.root, "config", "credential.helper", await markerProgram("credential"))
		expect((await landWorktree(repo.worktree, "pullRequest")).url).toContain("/compare/")

		// A URL rewritten by the configuration into `ext::` would run a command: git's own transports only.
		repo.git(repo.root, "config", `url.ext::${await markerProgram("ext")} %S.insteadOf`, bare)
		await expect(landWorktree(repo.worktree, "pullRequest")).rejects.toThrow(
			"Git could not push cairn/task to origin",
		)
		repo.git(repo.root, "config", "remote.origin.pushurl", `ext::${await markerProgram("ext")} %S`)
		await expect(landWorktree(repo.worktree, "pullRequest")).rejects.toThrow(
			"Cairn pushes only over https, http, ssh, git or to a folder",
		)
		expect(await readdir(markers)).toEqual([])
	})

	it("gives no page for a host it does not know, but a sentence that the branch was pushed", async () => {
		repo.git(repo.root, "remote", "add", "mirror", bare)
		expect(await landWorktree(repo.worktree, "pullRequest")).toEqual({
			how: "pullRequest",
			note: "cairn/task was pushed to mirror: open a pull request for it on the remote's site.",
		})
	})

	it("refuses with a sentence when there is no remote, or several and none is origin", async () => {
		await expect(landWorktree(repo.worktree, "pullRequest")).rejects.toThrow(
			"The repository has no remote to push to",
		)
		repo.git(repo.root, "remote", "add", "first", bare)
		repo.git(repo.root, "remote", "add", "second", bare)
		await expect(landWorktree(repo.worktree, "pullRequest")).rejects.toThrow(
			"The repository has several remotes (first, second) and none is called origin",
		)
	})
})
