import { execFileSync } from "node:child_process"
import { chmod, lstat, mkdir, readFile, readdir, realpath, rm, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RepositoryCode } from "../consent/repositoryConsent.js"
import type { KeyValueStore } from "../host/Host.js"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { unlandedWork } from "./landing/unlandedWork.js"
import { TaskWorktrees, type TaskWorktree, type TaskWorktreesOptions } from "./taskWorktrees.js"
import { WorktreeRegistry } from "./worktreeRegistry.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let count = 0
beforeAll(async () => {
	temp = await makeTempDir("cairn-worktrees-")
})
afterAll(() => temp.remove())

const git = (cwd: string, ...args: string[]) =>
	execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd })
		.toString("utf8")
		.trim()

/** A fresh repository with one commit, and a storage folder of its own. */
async function repository(files: Record<string, string> = { "a.txt": "a\n" }) {
	const dir = path.join(temp.dir, `case-${++count}`)
	const root = path.join(dir, "repo")
	await mkdir(root, { recursive: true })
	git(root, "init", "-q", "-b", "main")
	for (const [file, text] of Object.entries(files)) {
		await mkdir(path.dirname(path.join(root, file)), { recursive: true })
		await writeFile(path.join(root, file), text)
	}
	git(root, "add", "-A")
	git(root, "commit", "-q", "-m", "first")
	return { dir, root, storageDir: path.join(dir, "storage") }
}

const memoryState = (): KeyValueStore => {
	const values = new Map<string, unknown>()
	return { get: async (key) => values.get(key), set: async (key, value) => void values.set(key, value) }
}

const noSetup: TaskWorktreesOptions["runSetup"] = async () => {
	throw new Error("no setup command expected")
}

async function open(place: { root: string; storageDir: string }, more: Partial<TaskWorktreesOptions> = {}) {
	const opened = await TaskWorktrees.open({
		repository: place.root,
		storageDir: place.storageDir,
		logger: recordingLogger(),
		state: memoryState(),
		runSetup: noSetup,
		...more,
	})
	if ("unavailable" in opened) throw new Error(opened.reason)
	return opened
}

const exists = (file: string) =>
	lstat(file).then(
		() => true,
		() => false,
	)

describe("creating a task's worktree", () => {
	it("makes a branch cairn/<name> from the current HEAD in Cairn's storage, leaving the person's work tree as it was", async () => {
		const place = await repository()
		await writeFile(path.join(place.root, "a.txt"), "the person's edit\n")
		const worktrees = await open(place)
		const created = await worktrees.create({ taskId: "1f2e3d4c-aaaa", name: "fix-login" })
		expect(created).toMatchObject({
			name: "fix-login",
			branch: "cairn/fix-login",
			base: "main",
			baseCommit: git(place.root, "rev-parse", "HEAD"),
			index: 1,
			state: "active",
			taskId: "1f2e3d4c-aaaa",
			setup: { outcome: "none" },
		})
		expect(created.path.startsWith(await realpath(place.storageDir))).toBe(true)
		expect(await readFile(path.join(created.path, "a.txt"), "utf8")).toBe("a\n")
		expect(git(created.path, "rev-parse", "--abbrev-ref", "HEAD")).toBe("cairn/fix-login")
		expect(git(place.root, "status", "--porcelain")).toBe("M a.txt")
		expect(await readFile(path.join(place.root, "a.txt"), "utf8")).toBe("the person's edit\n")
		expect(worktrees.byTask("1f2e3d4c-aaaa")).toEqual(created)
	})

	it("names the worktree after the task when no name is given, and adds -2, -3 to a name that is taken", async () => {
		const place = await repository()
		git(place.root, "branch", "cairn/taken")
		const worktrees = await open(place)
		expect((await worktrees.create({ taskId: "0a1b2c3d-4e5f" })).name).toBe("task-0a1b2c3d")
		expect((await worktrees.create({ taskId: "t2", name: "taken" })).name).toBe("taken-2")
		expect((await worktrees.create({ taskId: "t3", name: "taken" })).name).toBe("taken-3")
		await expect(worktrees.create({ taskId: "t4", name: "../escape" })).rejects.toThrow(
			/cannot name a worktree/,
		)
		await expect(worktrees.create({ taskId: "t3" })).rejects.toThrow(/has a worktree already/)
	})

	it("branches from a given branch or commit, and reads a ref that looks like an option as a ref", async () => {
		const place = await repository()
		const first = git(place.root, "rev-parse", "HEAD")
		git(place.root, "checkout", "-q", "-b", "feature")
		await writeFile(path.join(place.root, "b.txt"), "b\n")
		git(place.root, "add", "-A")
		git(place.root, "commit", "-q", "-m", "second")
		git(place.root, "checkout", "-q", "main")
		const worktrees = await open(place)
		const fromBranch = await worktrees.create({ taskId: "b1", base: "feature" })
		expect(fromBranch.base).toBe("feature")
		expect(await exists(path.join(fromBranch.path, "b.txt"))).toBe(true)
		expect((await worktrees.create({ taskId: "b2", base: first })).baseCommit).toBe(first)
		const output = path.join(place.dir, "written-by-git")
		await expect(worktrees.create({ taskId: "b3", base: `--output=${output}` })).rejects.toThrow(
			/names no commit/,
		)
		expect(await exists(output)).toBe(false)
	})

	it("runs none of the repository's hooks (a post-checkout hook stays silent)", async () => {
		const place = await repository()
		const marker = path.join(place.dir, "hook-ran")
		const hook = path.join(place.root, ".git", "hooks", "post-checkout")
		await writeFile(hook, `#!/bin/sh\ntouch '${marker}'\n`)
		await chmod(hook, 0o755)
		git(place.root, "checkout", "-q", "-b", "other")
		expect(await exists(marker)).toBe(true)
		await rm(marker)
		const worktrees = await open(place)
		await worktrees.create({ taskId: "h1" })
		expect(await exists(marker)).toBe(false)
	})

	it("keeps worktrees in a configured folder, and refuses one inside the repository, also through a link", async () => {
		const place = await repository()
		const folder = path.join(place.dir, "elsewhere")
		const worktrees = await open(place, { folder })
		expect((await worktrees.create({ taskId: "f1" })).path.startsWith(folder)).toBe(true)
		const inside = await TaskWorktrees.open({
			repository: place.root,
			storageDir: place.storageDir,
			folder: path.join(place.root, "trees"),
			logger: recordingLogger(),
			state: memoryState(),
			runSetup: noSetup,
		})
		expect(inside).toMatchObject({
			unavailable: true,
			reason: expect.stringMatching(/inside the repository's work tree/),
		})
		expect(await exists(path.join(place.root, "trees"))).toBe(false)
		const link = path.join(place.dir, "link-into-repo")
		await symlink(path.join(place.root, "sub"), link)
		await mkdir(path.join(place.root, "sub"))
		const linked = await TaskWorktrees.open({
			repository: place.root,
			storageDir: place.storageDir,
			folder: link,
			logger: recordingLogger(),
			state: memoryState(),
			runSetup: noSetup,
		})
		expect(linked).toMatchObject({ unavailable: true })
		const inGitFolder = await TaskWorktrees.open({
			repository: place.root,
			storageDir: path.join(place.root, ".git", "cairn"),
			logger: recordingLogger(),
			state: memoryState(),
			runSetup: noSetup,
		})
		expect(inGitFolder).toMatchObject({ unavailable: true })
	})

	it("says worktrees are unavailable outside a repository, and in one without a commit", async () => {
		const plain = path.join(temp.dir, "plain")
		await mkdir(plain)
		const options = {
			storageDir: path.join(temp.dir, "plain-storage"),
			logger: recordingLogger(),
			state: memoryState(),
			runSetup: noSetup,
		}
		expect(await TaskWorktrees.open({ ...options, repository: plain })).toMatchObject({
			unavailable: true,
		})
		const empty = path.join(temp.dir, "empty")
		await mkdir(empty)
		git(empty, "init", "-q")
		expect(await TaskWorktrees.open({ ...options, repository: empty })).toMatchObject({
			unavailable: true,
			reason: expect.stringMatching(/no commit/),
		})
	})

	it("works from a workspace that is a subfolder of the repository, setting up from the repository's root", async () => {
		const place = await repository({
			"packages/app/x.txt": "x\n",
			".gitignore": "node_modules/\n",
			".cairn/worktree.json": '{"link":["node_modules"]}',
		})
		await mkdir(path.join(place.root, "node_modules"))
		const worktrees = await open(
			{ root: path.join(place.root, "packages/app"), storageDir: place.storageDir },
			{ consent: async () => true },
		)
		const created = await worktrees.create({ taskId: "s1" })
		expect(created.repository).toBe(place.root)
		expect(created.workspace).toBe(path.join(created.path, "packages/app"))
		expect(created.setup).toMatchObject({ outcome: "done", linked: ["node_modules"] })
		expect(git(created.path, "status", "--porcelain")).toBe("")
		expect(await readFile(path.join(created.workspace, "x.txt"), "utf8")).toBe("x\n")
	})
})

describe("ports", () => {
	it("gives each worktree the lowest free index and a PORT offset by it, reusing an index once its worktree is removed", async () => {
		const place = await repository()
		const worktrees = await open(place)
		const one = await worktrees.create({ taskId: "p1" })
		const two = await worktrees.create({ taskId: "p2" })
		expect([one.index, two.index]).toEqual([1, 2])
		const saved = process.env.PORT
		delete process.env.PORT
		try {
			expect(worktrees.environment(two)).toEqual({ CAIRN_WORKTREE_INDEX: "2", PORT: "3002" })
			process.env.PORT = "8080"
			expect(worktrees.environment(two)).toEqual({ CAIRN_WORKTREE_INDEX: "2", PORT: "8082" })
		} finally {
			if (saved === undefined) delete process.env.PORT
			else process.env.PORT = saved
		}
		await worktrees.remove("p1")
		expect((await worktrees.create({ taskId: "p3" })).index).toBe(1)
	})
})

describe("several processes at once", () => {
	it("never gives two creators the same name or index (separate instances sharing the registry)", async () => {
		const place = await repository()
		const instances = await Promise.all([1, 2, 3, 4].map(() => open(place)))
		const created = await Promise.all(
			instances.map((worktrees, n) => worktrees.create({ taskId: `c${n}`, name: "same" })),
		)
		expect(created.map((worktree) => worktree.name).sort()).toEqual([
			"same",
			"same-2",
			"same-3",
			"same-4",
		])
		expect(created.map((worktree) => worktree.index).sort()).toEqual([1, 2, 3, 4])
		expect((await instances[0]?.list())?.map((worktree) => worktree.taskId).sort()).toEqual([
			"c0",
			"c1",
			"c2",
			"c3",
		])
	})
})

describe("after a crash", () => {
	it("lists a recorded worktree whose folder vanished as missing, and removes it", async () => {
		const place = await repository()
		const worktrees = await open(place)
		const created = await worktrees.create({ taskId: "m1" })
		await rm(created.path, { recursive: true, force: true })
		const again = await open(place)
		expect(again.byTask("m1")?.state).toBe("missing")
		await again.remove("m1")
		expect(again.byTask("m1")?.state).toBe("discarded")
		expect(git(place.root, "branch", "--list", "cairn/*")).toBe("")
	})

	it("lists a worktree reserved but never made (killed before git ran) as missing, to be discarded", async () => {
		const place = await repository()
		const worktrees = await open(place)
		const registryFolder = path.join(place.storageDir, "worktrees", "registry")
		const [key] = await readdir(registryFolder)
		const registry = await WorktreeRegistry.open(path.join(registryFolder, key ?? ""), recordingLogger())
		await registry.write({
			taskId: "k1",
			name: "killed",
			branch: "cairn/killed",
			base: "main",
			baseCommit: git(place.root, "rev-parse", "HEAD"),
			path: path.join(path.dirname((await worktrees.create({ taskId: "k0" })).path), "killed"),
			workspace: "/nowhere",
			index: 2,
			repository: place.root,
			createdAt: Date.now(),
			phase: "reserved",
		})
		const listed = await (await open(place)).list()
		expect(listed.find((worktree) => worktree.taskId === "k1")?.state).toBe("missing")
	})

	it("lists again a worktree git knows in Cairn's folder whose record was lost", async () => {
		const place = await repository()
		const worktrees = await open(place)
		const created = await worktrees.create({ taskId: "lost", name: "lost-one" })
		await rm(path.join(place.storageDir, "worktrees", "registry"), { recursive: true })
		const listed = await (await open(place)).list()
		expect(listed).toEqual([
			expect.objectContaining({
				name: "lost-one",
				path: created.path,
				branch: "cairn/lost-one",
				baseCommit: created.baseCommit,
				state: "active",
				adopted: true,
			}),
		])
	})
})

describe("removing a worktree", () => {
	it("removes the folder, deletes a branch with nothing of its own, and keeps one with unmerged commits unless told", async () => {
		const place = await repository()
		await writeFile(path.join(place.root, "untracked.txt"), "the person's\n")
		const worktrees = await open(place)
		const empty = await worktrees.create({ taskId: "r1" })
		const worked = await worktrees.create({ taskId: "r2" })
		const forced = await worktrees.create({ taskId: "r3" })
		for (const worktree of [worked, forced]) {
			await writeFile(path.join(worktree.path, "new.txt"), "work\n")
			git(worktree.path, "add", "-A")
			git(worktree.path, "commit", "-q", "-m", "work")
		}
		await worktrees.remove("r1")
		await worktrees.remove("r2")
		await worktrees.remove("r3", { deleteBranch: true })
		for (const worktree of [empty, worked, forced]) expect(await exists(worktree.path)).toBe(false)
		expect(git(place.root, "branch", "--list", "cairn/*", "--format=%(refname:short)")).toBe(
			worked.branch,
		)
		expect(git(place.root, "worktree", "list", "--porcelain").match(/^worktree /gm)).toHaveLength(1)
		expect(await readFile(path.join(place.root, "untracked.txt"), "utf8")).toBe("the person's\n")
		expect((await worktrees.list()).map((worktree) => worktree.state)).toEqual([
			"discarded",
			"discarded",
			"discarded",
		])
	})

	it("deletes a branch the current branch has merged, and a landed worktree stays landed once removed", async () => {
		const place = await repository()
		const worktrees = await open(place)
		const created = await worktrees.create({ taskId: "l1" })
		await writeFile(path.join(created.path, "new.txt"), "work\n")
		git(created.path, "add", "-A")
		git(created.path, "commit", "-q", "-m", "work")
		git(place.root, "merge", "-q", "--ff-only", created.branch)
		await worktrees.recordLanding("l1", { how: "merge" })
		expect(worktrees.byTask("l1")).toMatchObject({ state: "landed", landing: { how: "merge" } })
		await worktrees.remove("l1")
		expect(git(place.root, "branch", "--list", created.branch)).toBe("")
		expect((await (await open(place)).list())[0]).toMatchObject({
			state: "landed",
			landing: { how: "merge" },
		})
	})
})

describe("setup from .cairn/worktree.json", () => {
	const config = {
		copy: [".env", "config/*.local.json", "secret-link"],
		link: ["node_modules"],
		setup: "echo set up",
		check: "npm test",
	}

	async function configured() {
		const place = await repository({
			".gitignore": "node_modules/\n.env\nconfig/*.local.json\nsecret-link\n",
			".cairn/worktree.json": JSON.stringify(config),
		})
		await writeFile(path.join(place.root, ".env"), "KEY=1\n")
		await mkdir(path.join(place.root, "config"))
		await writeFile(path.join(place.root, "config", "db.local.json"), "{}\n")
		await mkdir(path.join(place.root, "node_modules", "pkg"), { recursive: true })
		await writeFile(path.join(place.root, "node_modules", "pkg", "index.js"), "x".repeat(200_000))
		const secret = path.join(place.dir, "secret")
		await writeFile(secret, "outside\n")
		await symlink(secret, path.join(place.root, "secret-link"))
		return place
	}

	it("is not used without the person's consent, and the worktree is made all the same", async () => {
		const place = await configured()
		const worktrees = await open(place)
		const created = await worktrees.create({ taskId: "n1" })
		expect(created.setup).toMatchObject({ outcome: "notAllowed", copied: [], linked: [] })
		expect(created.setup?.message).toMatch(/only after you agree/)
		expect(await exists(path.join(created.path, ".env"))).toBe(false)
		expect(await worktrees.checkCommand()).toBeUndefined()
	})

	it("with consent copies the files, links the folders, runs the setup with the worktree's ports; asked once per content", async () => {
		const place = await configured()
		const asked: RepositoryCode[] = []
		const runs: { command: string; cwd: string; env: Record<string, string> }[] = []
		const state = memoryState()
		const worktrees = await open(place, {
			state,
			consent: async (code) => {
				asked.push(code)
				return true
			},
			runSetup: async (command, cwd, env) => {
				runs.push({ command, cwd, env })
				return { exitCode: 0, output: "set up\n" }
			},
		})
		const created = await worktrees.create({ taskId: "y1" })
		expect(created.setup).toEqual({
			outcome: "done",
			copied: [".env", "config/db.local.json"],
			linked: ["node_modules"],
			skipped: ["secret-link leads outside the repository"],
			command: { command: "echo set up", exitCode: 0, output: "set up\n" },
		})
		expect(asked).toEqual([
			expect.objectContaining({ kind: "worktreeSetup", file: ".cairn/worktree.json" }),
		])
		expect(runs).toEqual([
			{ command: "echo set up", cwd: created.path, env: worktrees.environment(created) },
		])
		expect(await readFile(path.join(created.path, ".env"), "utf8")).toBe("KEY=1\n")
		expect(await exists(path.join(created.path, "secret-link"))).toBe(false)
		expect((await lstat(path.join(created.path, "node_modules"))).isSymbolicLink()).toBe(true)
		// The link is no new file for git: nothing to land.
		expect(git(created.path, "status", "--porcelain")).toBe("")
		expect(await worktrees.diskBytes(created)).toBeLessThan(150_000)
		await worktrees.create({ taskId: "y2" })
		expect(await worktrees.checkCommand()).toBe("npm test")
		expect(asked).toHaveLength(1)
		await writeFile(
			path.join(place.root, ".cairn", "worktree.json"),
			JSON.stringify({ ...config, setup: "echo again" }),
		)
		await worktrees.create({ taskId: "y3" })
		expect(asked).toHaveLength(2)
	})

	it("leaves a new worktree with nothing unlanded for the landing part to name, its links included", async () => {
		const place = await configured()
		const worktrees = await open(place, {
			consent: async () => true,
			runSetup: async () => ({ exitCode: 0, output: "" }),
		})
		const created = await worktrees.create({ taskId: "u1" })
		// What a caller checks before remove(): the landing part's unlandedWork, told the setup's links.
		const asLanding = (worktree: TaskWorktree) => ({
			...worktree,
			title: "a task",
			setupLinks: worktree.setup?.linked,
		})
		expect(await unlandedWork(asLanding(created))).toEqual([])
		await writeFile(path.join(created.path, "work.txt"), "the task's\n")
		expect(await unlandedWork(asLanding(created))).toEqual([expect.stringContaining("work.txt")])
	})

	it("reports a failing setup command and keeps the worktree", async () => {
		const place = await configured()
		const worktrees = await open(place, {
			consent: async () => true,
			runSetup: async () => ({ exitCode: 3, output: "broke\n" }),
		})
		const created = await worktrees.create({ taskId: "x1" })
		expect(created.setup).toMatchObject({
			outcome: "failed",
			message: 'The setup command "echo set up" exited with 3',
			command: { exitCode: 3, output: "broke\n" },
		})
		expect(created.state).toBe("active")
		expect(await exists(path.join(created.path, ".gitignore"))).toBe(true)
	})

	it("makes the worktree when asking about the setup fails, and says so", async () => {
		const place = await configured()
		const worktrees = await open(place, {
			consent: async () => {
				throw new Error("the editor went away")
			},
		})
		const created = await worktrees.create({ taskId: "q1" })
		expect(created).toMatchObject({
			state: "active",
			setup: { outcome: "failed", message: /the editor went away/ },
		})
	})

	it("names every bad field of the file, and makes the worktree without it", async () => {
		const place = await repository({
			".cairn/worktree.json": JSON.stringify({ copy: ["../up", 3], setup: "", extra: true }),
		})
		const created = await (await open(place, { consent: async () => true })).create({ taskId: "i1" })
		expect(created.setup?.outcome).toBe("invalid")
		expect(created.setup?.message).toMatch(/copy\[0\]: must not contain "\.\."/)
		expect(created.setup?.message).toMatch(/copy\[1\]/)
		expect(created.setup?.message).toMatch(/setup: must be a non-empty command/)
		expect(created.setup?.message).toMatch(/extra/)
	})
})
