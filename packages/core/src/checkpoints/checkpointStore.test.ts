import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import {
	lstat,
	mkdir,
	readdir,
	readFile,
	readlink,
	rename,
	rm,
	symlink,
	utimes,
	writeFile,
} from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { folderDigest } from "../test-support/workspaceState.js"
import { CheckpointStore } from "./checkpointStore.js"
import { ShadowRepository } from "./shadowRepository.js"
import { plainGit as git } from "../test-support/plainGit.js"
import { StoreLock } from "./storeLock.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let root: string
let outside: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-checkpoints-")
	root = path.join(temp.dir, "workspace")
	outside = path.join(temp.dir, "outside")
	await mkdir(root)
	await mkdir(outside)
})
afterEach(async () => {
	await temp.remove()
})

const open = (sizeLimitBytes = 1024 * 1024) =>
	CheckpointStore.open({
		workspaceRoot: root,
		storageDir: path.join(temp.dir, "storage"),
		sizeLimitBytes,
		logger: recordingLogger(),
	})
const put = async (relative: string, content: string | Buffer) => {
	await mkdir(path.dirname(path.join(root, relative)), { recursive: true })
	await writeFile(path.join(root, relative), content)
}
const read = (relative: string) => readFile(path.join(root, relative))
describe("checkpoints in a hostile or unusual workspace", () => {
	it("keep and restore a file's exact bytes whatever the workspace's .gitattributes ask (eol, filters, $Id$)", async () => {
		await put(".gitattributes", "* text eol=crlf ident\n*.txt filter=upper\n")
		const bytes = Buffer.from("line one\r\nline two\n$Id$\n\x00binary tail")
		await put("mixed.txt", bytes)
		const store = await open()
		const checkpoint = await store.save("t", "first")
		await put("mixed.txt", "changed")
		await store.restore("t", checkpoint)
		expect((await read("mixed.txt")).equals(bytes)).toBe(true)
	})

	it("never read or write the workspace's own .git, even when Cairn's environment names it (GIT_DIR, GIT_INDEX_FILE)", async () => {
		git(root, "init", "-q")
		await put("a.txt", "committed\n")
		git(root, "add", "a.txt")
		git(root, "commit", "-q", "-m", "first")
		await put(".git/hooks/pre-commit", "#!/bin/sh\ntouch HOOK-RAN\n")
		const digest = await folderDigest(path.join(root, ".git"))
		const saved = { dir: process.env.GIT_DIR, index: process.env.GIT_INDEX_FILE }
		process.env.GIT_DIR = path.join(root, ".git")
		process.env.GIT_INDEX_FILE = path.join(root, ".git", "index")
		try {
			const store = await open()
			const checkpoint = await store.save("t", "first")
			await put("a.txt", "changed\n")
			await store.save("t", "second")
			await store.restore("t", checkpoint)
		} finally {
			if (saved.dir === undefined) delete process.env.GIT_DIR
			else process.env.GIT_DIR = saved.dir
			if (saved.index === undefined) delete process.env.GIT_INDEX_FILE
			else process.env.GIT_INDEX_FILE = saved.index
		}
		expect(await folderDigest(path.join(root, ".git"))).toBe(digest)
		expect(existsSync(path.join(root, "HOOK-RAN"))).toBe(false)
		expect((await read("a.txt")).toString()).toBe("committed\n")
	})

	it("never write through a folder that became a link to somewhere outside the workspace", async () => {
		await put("src/app.ts", "inside\n")
		const store = await open()
		const checkpoint = await store.save("t", "first")
		await rm(path.join(root, "src"), { recursive: true })
		await writeFile(path.join(outside, "app.ts"), "outside, must stay\n")
		await symlink(outside, path.join(root, "src"))
		const { report } = await store.restore("t", checkpoint)
		expect(await readFile(path.join(outside, "app.ts"), "utf8")).toBe("outside, must stay\n")
		// The link itself was not in the checkpoint: it is removed, and the folder comes back.
		expect((await lstat(path.join(root, "src"))).isDirectory()).toBe(true)
		expect((await read("src/app.ts")).toString()).toBe("inside\n")
		expect(report.removed).toEqual(["src"])
	})

	it("leave a nested repository alone, even one without a commit, and name it in the report", async () => {
		await put("top.txt", "top\n")
		await mkdir(path.join(root, "vendor/lib"), { recursive: true })
		git(path.join(root, "vendor/lib"), "init", "-q")
		await put("vendor/lib/code.c", "int x;\n")
		const store = await open()
		const checkpoint = await store.save("t", "first")
		await put("vendor/lib/code.c", "int y;\n")
		await put("top.txt", "changed\n")
		await store.restore("t", checkpoint)
		expect((await read("vendor/lib/code.c")).toString()).toBe("int y;\n")
		expect((await read("top.txt")).toString()).toBe("top\n")
	})

	it("restore names with spaces, newlines and non-ASCII characters, files that became folders, and links", async () => {
		await put("odd name\nwith newline é.txt", "odd\n")
		await put("thing", "a file\n")
		await symlink("odd name\nwith newline é.txt", path.join(root, "link"))
		const store = await open()
		const checkpoint = await store.save("t", "first")
		await rm(path.join(root, "odd name\nwith newline é.txt"))
		await rm(path.join(root, "thing"))
		await put("thing/inner.txt", "now a folder\n")
		await rm(path.join(root, "link"))
		await put("link", "not a link any more\n")
		await store.restore("t", checkpoint)
		expect((await read("odd name\nwith newline é.txt")).toString()).toBe("odd\n")
		expect((await read("thing")).toString()).toBe("a file\n")
		expect(await readlink(path.join(root, "link"))).toBe("odd name\nwith newline é.txt")
	})

	it("keep no file over the size limit and never touch one, but a restore does not remove what was too large to keep", async () => {
		await put("big.bin", Buffer.alloc(2048, 1))
		await put("small.txt", "small\n")
		const store = await open(1024)
		const checkpoint = await store.save("t", "first")
		await put("big.bin", Buffer.alloc(10, 2))
		await put("small.txt", "changed\n")
		const { report } = await store.restore("t", checkpoint)
		expect((await read("big.bin")).equals(Buffer.alloc(10, 2))).toBe(true)
		expect((await read("small.txt")).toString()).toBe("small\n")
		expect(report.skipped).toEqual([
			{ path: "big.bin", reason: "it existed at the checkpoint but was too large to keep" },
		])
	})

	it("keep Cairn's defaults (.env, node_modules) and .cairnignore out, whatever .gitignore re-includes", async () => {
		await put(".gitignore", "!.env\n!node_modules/\n")
		await put(".cairnignore", "secrets/\n")
		await put(".env", "TOKEN=1\n")
		await put("node_modules/x/index.js", "x\n")
		await put("secrets/key.pem", "key\n")
		await put("app.ts", "v1\n")
		const store = await open()
		const checkpoint = await store.save("t", "first")
		for (const file of [".env", "node_modules/x/index.js", "secrets/key.pem", "app.ts"])
			await put(file, "changed\n")
		await store.restore("t", checkpoint)
		for (const file of [".env", "node_modules/x/index.js", "secrets/key.pem"])
			expect((await read(file)).toString()).toBe("changed\n")
		expect((await read("app.ts")).toString()).toBe("v1\n")
		const changes = await store.changesSince(checkpoint)
		expect(changes.changes.map((c) => c.path)).toEqual([])
	})

	it("keep out what .rooignore, .clineignore and .cursorignore hide, one file's !path opening nothing another's closed", async () => {
		await put(".rooignore", "roo-secret.txt\n")
		await put(".clineignore", "cline-secret.txt\n")
		await put(".cursorignore", "cursor-secret.txt\n!roo-secret.txt\n")
		for (const file of ["roo-secret.txt", "cline-secret.txt", "cursor-secret.txt", "app.ts"])
			await put(file, "v1\n")
		const store = await open()
		const checkpoint = await store.save("t", "first")
		for (const file of ["roo-secret.txt", "cline-secret.txt", "cursor-secret.txt", "app.ts"])
			await put(file, "changed\n")
		await store.restore("t", checkpoint)
		for (const file of ["roo-secret.txt", "cline-secret.txt", "cursor-secret.txt"])
			expect((await read(file)).toString(), file).toBe("changed\n")
		expect((await read("app.ts")).toString()).toBe("v1\n")
	})

	it("say plainly that git is missing when it cannot be found", async () => {
		const path_ = process.env.PATH
		process.env.PATH = path.join(temp.dir, "no-binaries-here")
		try {
			await expect(open()).rejects.toThrow("git is not installed (or not on PATH)")
		} finally {
			process.env.PATH = path_
		}
	})

	it("refuse a checkpoint id that is not one of this workspace's", async () => {
		await put("a.txt", "a\n")
		const store = await open()
		await expect(store.restore("t", "0".repeat(40))).rejects.toThrow(
			/not in this workspace's shadow repository/,
		)
		expect((await read("a.txt")).toString()).toBe("a\n")
	})
})

describe("a task's checkpoints", () => {
	const parentOf = (gitDir: string, commit: string) => {
		const result = spawnSync("git", [
			`--git-dir=${gitDir}`,
			"rev-parse",
			"--verify",
			"--quiet",
			`${commit}^`,
		])
		return result.status === 0 ? result.stdout.toString().trim() : undefined
	}

	it("follow one another, whether git keeps the task's ref as a file of its own or packed with others", async () => {
		const store = await open()
		await put("a.txt", "1\n")
		const first = await store.save("t", "one")
		await put("a.txt", "2\n")
		const second = await store.save("t", "two")
		const gitDir = path.join(
			await ShadowRepository.folderFor(path.join(temp.dir, "storage"), root),
			"git",
		)
		// Plain git reads the checkpoints once the store has handed them over (see PackedTrees).
		await store.close()
		expect(parentOf(gitDir, first)).toBeUndefined()
		expect(parentOf(gitDir, second)).toBe(first)

		git(temp.dir, `--git-dir=${gitDir}`, "pack-refs", "--all")
		await put("a.txt", "3\n")
		const third = await store.save("t", "three")
		await store.close()
		expect(parentOf(gitDir, third)).toBe(second)
	})

	it("keep a title as it is given, whatever a shell would make of it", async () => {
		const store = await open()
		await put("a.txt", "1\n")
		const title = 'one $(touch ran) `touch ran` "$HOME" \\n\nsecond line; exit 1'
		const commit = await store.save("t", title)
		await store.close()
		const gitDir = path.join(
			await ShadowRepository.folderFor(path.join(temp.dir, "storage"), root),
			"git",
		)
		const message = spawnSync("git", [`--git-dir=${gitDir}`, "log", "-1", "--format=%B", commit])
		expect(message.stdout.toString().startsWith(`${title}\n\nCairn-Not-Kept:`)).toBe(true)
		expect(existsSync(path.join(root, "ran"))).toBe(false)
		expect(existsSync(path.join(temp.dir, "ran"))).toBe(false)
	})
})

describe("a checkpoint off the change's path", () => {
	it("keeps the workspace as it was when `staged` resolved, whatever changes while its commit is written", async () => {
		await put("app.ts", "v1\n")
		const store = await open()
		const { staged, saved } = store.begin("t", "before changes")
		await staged
		await put("app.ts", "v2\n")
		await put("new.ts", "added after\n")
		const checkpoint = await saved
		const since = await store.changesSince(checkpoint)
		expect(since.changes.map((c) => [c.path, c.status])).toEqual([
			["app.ts", "modified"],
			["new.ts", "added"],
		])
		expect(since.before.get("app.ts")?.toString()).toBe("v1\n")
	})

	it("lets a change that names its files go ahead before any git runs, and keeps what they held before it", async () => {
		await put(".gitignore", "*.log\n")
		await put("app.ts", "v1\n")
		await put("old.ts", "gone soon\n")
		await put("x.log", "ignored\n")
		const store = await open()
		await store.save("t", "first")
		const folder = await ShadowRepository.folderFor(path.join(temp.dir, "storage"), root)
		// With the repository's lock held (as another process would), none of the store's gits can run until it is released.
		const lock = new StoreLock(`${folder}.lock`, { onReleaseFailed: () => undefined })
		await lock.acquire()
		const changing = ["app.ts", "old.ts", "new.ts", "x.log"].map((relative) => path.join(root, relative))
		const { staged, saved } = store.begin("t", "before changes", changing)
		await staged
		await put("app.ts", "v2\n")
		await rm(path.join(root, "old.ts"))
		await put("new.ts", "added\n")
		await put("x.log", "still ignored\n")
		// A later change of the same turn, while the checkpoint is not staged yet.
		await store.protect([path.join(root, "later.ts")])
		await put("later.ts", "later\n")
		await lock.release()
		const checkpoint = await saved
		const since = await store.changesSince(checkpoint)
		expect(since.changes.map((c) => [c.path, c.status])).toEqual([
			["app.ts", "modified"],
			["later.ts", "added"],
			["new.ts", "added"],
			["old.ts", "deleted"],
		])
		expect(since.before.get("app.ts")?.toString()).toBe("v1\n")
		expect(since.before.get("old.ts")?.toString()).toBe("gone soon\n")
	})

	it("leaves out the temp file of a named file's write still in flight when the checkpoint is staged behind it", async () => {
		await put("app.ts", "v1\n")
		const store = await open()
		await store.save("t", "first")
		const folder = await ShadowRepository.folderFor(path.join(temp.dir, "storage"), root)
		const lock = new StoreLock(`${folder}.lock`, { onReleaseFailed: () => undefined })
		await lock.acquire()
		const { staged, saved } = store.begin("t", "before changes", [path.join(root, "app.ts")])
		await staged
		// The write tool's atomic write, halfway: its temp file is there, not yet renamed over app.ts.
		const inFlight = path.join(root, ".app.ts.0123456789ab.tmp")
		await writeFile(inFlight, "v2\n")
		await lock.release()
		const checkpoint = await saved
		await rename(inFlight, path.join(root, "app.ts"))
		const since = await store.changesSince(checkpoint)
		expect(since.changes.map((c) => [c.path, c.status])).toEqual([["app.ts", "modified"]])
		expect(since.before.get("app.ts")?.toString()).toBe("v1\n")
	})

	it("keeps a few changed files without writing the index, and brings the index up to the files once many changed", async () => {
		for (let i = 0; i < 50; i++) await put(`files/f${i}.txt`, `${i}\n`)
		const store = await open()
		await store.save("t", "first")
		const gitDir = path.join(
			await ShadowRepository.folderFor(path.join(temp.dir, "storage"), root),
			"git",
		)
		const indexStamp = async () => {
			const stats = await lstat(path.join(gitDir, "index"), { bigint: true })
			return `${stats.ino}:${stats.size}:${stats.mtimeNs}`
		}
		const afterFirst = await indexStamp()
		const fileAt = (commit: string, relative: string) =>
			git(root, `--git-dir=${gitDir}`, "show", `${commit}:${relative}`)
		// A few files changed, one gone, one new in a new folder: their objects and the trees on their paths.
		await put("files/f1.txt", "changed\n")
		await rm(path.join(root, "files/f2.txt"))
		await put("new/deep/g.txt", "new\n")
		const second = await store.save("t", "second")
		// Plain git reads the checkpoint's trees once the store has packed them.
		await store.close()
		expect(await indexStamp()).toBe(afterFirst)
		expect(fileAt(second, "files/f1.txt")).toBe("changed\n")
		expect(fileAt(second, "new/deep/g.txt")).toBe("new\n")
		expect(() => fileAt(second, "files/f2.txt")).toThrow()
		expect(
			git(root, `--git-dir=${gitDir}`, "ls-tree", "-r", "--name-only", second).split("\n"),
		).toHaveLength(50 + 1)
		// The index still holds the first checkpoint's files: the next listing names the same paths, and more.
		await put("files/f3.txt", "changed too\n")
		const third = await store.save("t", "third")
		// Plain git reads the checkpoint's trees once the store has packed them.
		await store.close()
		expect(await indexStamp()).toBe(afterFirst)
		expect(fileAt(third, "files/f1.txt")).toBe("changed\n")
		expect(fileAt(third, "files/f3.txt")).toBe("changed too\n")
		// Past 32 paths differing from the index, the index is brought up to the files.
		for (let i = 10; i < 45; i++) await put(`files/f${i}.txt`, `changed ${i}\n`)
		const fourth = await store.save("t", "fourth")
		// Plain git reads the checkpoint's trees once the store has packed them.
		await store.close()
		expect(await indexStamp()).not.toBe(afterFirst)
		expect(fileAt(fourth, "files/f44.txt")).toBe("changed 44\n")
		await put("files/f1.txt", "back\n")
		await store.restore("t", second)
		expect((await read("files/f1.txt")).toString()).toBe("changed\n")
		expect((await read("files/f44.txt")).toString()).toBe("44\n")
		expect(existsSync(path.join(root, "files/f2.txt"))).toBe(false)
	})

	it("stages checkpoints that fell behind their announced changes, each exact, however many files the index lacks", async () => {
		await put("a.txt", "a\n")
		const store = await open()
		await store.save("t", "first")
		const gitDir = path.join(
			await ShadowRepository.folderFor(path.join(temp.dir, "storage"), root),
			"git",
		)
		// 40 turns, each let through once its new file's snapshot is taken: past the 32 paths read without the index.
		const saved: Promise<string>[] = []
		for (let turn = 0; turn < 40; turn++) {
			const file = `files/f${turn}.txt`
			const save = store.begin("t", `turn ${turn}`, [path.join(root, file)])
			await save.staged
			await put(file, `${turn}\n`)
			saved.push(save.saved)
		}
		const commits = await Promise.all(saved)
		await store.close()
		for (const [turn, commit] of commits.entries()) {
			const names = git(root, `--git-dir=${gitDir}`, "ls-tree", "-r", "--name-only", commit)
			expect(names.trim().split("\n").sort(), `turn ${turn}`).toEqual(
				["a.txt", ...Array.from({ length: turn }, (_, i) => `files/f${i}.txt`)].sort(),
			)
		}
	})

	it("writes each checkpoint's changed index entries, not the whole index (the index is split)", async () => {
		// An hour old: git writes an entry as new as the index again at its next write ("racily clean").
		const anHourAgo = new Date(Date.now() - 3_600_000)
		for (let i = 0; i < 200; i++) {
			await put(`files/f${i}.txt`, `${i}\n`)
			await utimes(path.join(root, `files/f${i}.txt`), anHourAgo, anHourAgo)
		}
		const store = await open()
		await store.save("t", "first")
		await put("files/f1.txt", "changed\n")
		await store.save("t", "second")
		const gitDir = path.join(
			await ShadowRepository.folderFor(path.join(temp.dir, "storage"), root),
			"git",
		)
		// The shared part names the 200 files; the index written by the second checkpoint, the one changed.
		const index = await lstat(path.join(gitDir, "index"))
		const shared = (await readdir(gitDir)).filter((name) => name.startsWith("sharedindex."))
		expect(shared).toHaveLength(1)
		const sharedSize = (await lstat(path.join(gitDir, shared[0] ?? ""))).size
		expect(index.size).toBeLessThan(sharedSize / 4)
	})
})
