import { link, mkdir, readFile, rename, rm, stat, symlink, utimes, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { callTool } from "../../test-support/callTool.js"
import { createTestToolContext, type TestToolContext } from "../../test-support/toolContext.js"
import { applyDiffTool } from "../../tools/applyDiff.js"
import { insertContentTool } from "../../tools/insertContent.js"
import { readFileTool } from "../../tools/readFile.js"
import { searchAndReplaceTool } from "../../tools/searchAndReplace.js"
import type { ToolContext } from "../../tools/toolDefinition.js"
import { writeToFileTool } from "../../tools/writeToFile.js"
import { CairnIgnore } from "../../workspace/ignoreRules.js"
import { resolveWorkspacePath } from "../../workspace/workspacePaths.js"
import { WorkspaceWatch, type WatchedChanges, type WorkspaceChanges } from "../../workspace/workspaceWatch.js"
import type { FileContextState } from "./fileContextState.js"
import { FileContextTracker, maxTrackedFiles, type FileContextTrackerOptions } from "./fileContextTracker.js"
import { hashContent } from "./fileFingerprint.js"

let t: TestToolContext
let tracker: FileContextTracker
let context: ToolContext
let saves: FileContextState[]
afterEach(() => t?.cleanup())

/** A workspace whose tools tell the tracker what the model saw, as the task wires them. */
async function setup(files: Record<string, string>, options: FileContextTrackerOptions = {}) {
	t = await createTestToolContext({ files })
	saves = []
	tracker = new FileContextTracker(t.workspace, {
		onStateChanged: (state) => saves.push(state),
		...options,
	})
	context = { ...t.context, fileContext: tracker }
}

const read = (relative: string, range: { start_line?: number } = {}) =>
	callTool(readFileTool, { path: relative, ...range }, context)
const changes = (ignore = t.context.ignore) => tracker.takeChanges(ignore)
/** Someone other than Cairn (the person, a command, another editor) writes the file. */
const someoneWrites = (relative: string, content: string) =>
	writeFile(path.join(t.workspace, relative), content)

describe("files in context", () => {
	it("reports a file someone else changed after the model read it, once", async () => {
		await setup({ "src/a.ts": "const a = 1\n" })
		expect((await read("src/a.ts")).isError).toBeUndefined()
		expect(await changes()).toEqual([])

		await someoneWrites("src/a.ts", "const a = 2\n") // the same size: only the bytes differ
		expect(await changes()).toEqual([{ path: "src/a.ts", kind: "changed" }])
		expect(await changes()).toEqual([])
		expect(tracker.trackedPaths).toEqual([])
	})

	it("reports it again only after the model has seen the file again", async () => {
		await setup({ "a.txt": "one\n" })
		await read("a.txt")
		await someoneWrites("a.txt", "two\n")
		expect(await changes()).toEqual([{ path: "a.txt", kind: "changed" }])
		await someoneWrites("a.txt", "three\n")
		expect(await changes()).toEqual([])

		await read("a.txt")
		await someoneWrites("a.txt", "four\n")
		expect(await changes()).toEqual([{ path: "a.txt", kind: "changed" }])
	})

	it("counts a partial read: a change anywhere in the file is reported", async () => {
		await setup({ "long.txt": "1\n2\n3\n4\n" })
		await read("long.txt", { start_line: 3 })
		await someoneWrites("long.txt", "one\n2\n3\n4\n")
		expect(await changes()).toEqual([{ path: "long.txt", kind: "changed" }])
	})

	it("does not report Cairn's own approved edits, whichever edit tool made them", async () => {
		await setup({ "a.ts": "let a = 1\nlet b = 2\n" })
		await read("a.ts")
		const edits = [
			await callTool(searchAndReplaceTool, { path: "a.ts", search: "let", replace: "const" }, context),
			await callTool(
				applyDiffTool,
				{ path: "a.ts", diff: "<<<<<<< SEARCH\nconst b = 2\n=======\nconst b = 3\n>>>>>>> REPLACE" },
				context,
			),
			await callTool(insertContentTool, { path: "a.ts", line: 0, content: "export { a, b }" }, context),
			await callTool(writeToFileTool, { path: "new.ts", content: "export const c = 1\n" }, context),
		]
		expect(edits.map((edit) => edit.isError)).toEqual([undefined, undefined, undefined, undefined])
		expect(await changes()).toEqual([])
		expect(tracker.trackedPaths).toEqual(["a.ts", "new.ts"])

		// A file the model created is in its context too: someone else's change to it is news.
		await someoneWrites("new.ts", "export const c = 2\n")
		expect(await changes()).toEqual([{ path: "new.ts", kind: "changed" }])
	})

	it("takes what the person made of a proposal before saving it as what the model knows", async () => {
		t = await createTestToolContext({
			files: { "a.txt": "one\n" },
			editBeforeSave: (edit) => `${edit.proposed}edited by the person\n`,
		})
		tracker = new FileContextTracker(t.workspace)
		context = { ...t.context, fileContext: tracker }
		await read("a.txt")
		const result = await callTool(writeToFileTool, { path: "a.txt", content: "two\n" }, context)
		expect(result.text).toContain("The user edited your proposal")
		expect(await changes()).toEqual([])
		expect(tracker.trackedPaths).toEqual(["a.txt"])
	})

	it("does not report a file that was only touched, or rewritten with the same content", async () => {
		await setup({ "a.txt": "same\n" })
		await read("a.txt")
		const later = new Date(Date.now() + 60_000)
		await utimes(path.join(t.workspace, "a.txt"), later, later)
		expect(await changes()).toEqual([])

		// An editor's atomic save: a new file renamed over the old one, with the same bytes.
		await someoneWrites("a.txt.tmp", "same\n")
		await rename(path.join(t.workspace, "a.txt.tmp"), path.join(t.workspace, "a.txt"))
		expect(await changes()).toEqual([])
		expect(tracker.trackedPaths).toEqual(["a.txt"])
	})

	it("reports a deleted file as deleted, once", async () => {
		await setup({ "gone.txt": "bye\n", "kept.txt": "hi\n" })
		await read("gone.txt")
		await read("kept.txt")
		await rm(path.join(t.workspace, "gone.txt"))
		expect(await changes()).toEqual([{ path: "gone.txt", kind: "deleted" }])
		expect(await changes()).toEqual([])
		expect(tracker.trackedPaths).toEqual(["kept.txt"])
	})

	it("never names a file .cairnignore blocks, even one read before it was blocked", async () => {
		await setup({ "secret.env": "KEY=1\n", "open.txt": "hi\n" })
		await read("secret.env")
		await read("open.txt")
		await someoneWrites(".cairnignore", "*.env\n")
		const ignore = await CairnIgnore.load(t.workspace)
		await someoneWrites("secret.env", "KEY=2\n")
		await someoneWrites("open.txt", "hello\n")
		expect(await changes(ignore)).toEqual([{ path: "open.txt", kind: "changed" }])
		expect(tracker.trackedPaths).toEqual([])
		expect(JSON.stringify(saves.at(-1))).not.toContain("secret")
	})

	it("leaves out what was not read: a failed read, a file outside the workspace", async () => {
		await setup({ "a.txt": "one\n" })
		await writeFile(path.join(t.outside, "b.txt"), "outside\n")
		expect((await read("missing.txt")).isError).toBe(true)
		expect((await read("a.txt", { start_line: 9 })).isError).toBe(true)
		expect((await read("../outside/b.txt")).isError).toBeUndefined()
		expect(tracker.trackedPaths).toEqual([])
	})

	it("keeps the most recently seen files only, a file seen again counting as recent", async () => {
		await setup({ "a.txt": "a", "b.txt": "b", "c.txt": "c", "d.txt": "d" }, { maxFiles: 3 })
		for (const name of ["a.txt", "b.txt", "c.txt", "b.txt", "d.txt"]) await read(name)
		expect(tracker.trackedPaths).toEqual(["c.txt", "b.txt", "d.txt"])
		for (const name of ["a.txt", "b.txt", "c.txt", "d.txt"]) await someoneWrites(name, "changed")
		expect((await changes()).map((change) => change.path).sort()).toEqual(["b.txt", "c.txt", "d.txt"])
	})

	it(`tracks at most ${maxTrackedFiles} files by default`, async () => {
		await setup({})
		for (let i = 0; i <= maxTrackedFiles; i++) {
			const resolved = await resolveWorkspacePath(t.workspace, `f${i}.txt`)
			if (resolved.ok) tracker.modelHasSeen(resolved.path, hashContent(""))
		}
		expect(tracker.trackedPaths).toHaveLength(maxTrackedFiles)
		expect(tracker.trackedPaths[0]).toBe("f1.txt")
	})

	it("hands its state to be saved after a check that changed it, not after one that did not", async () => {
		await setup({ "a.txt": "one\n" }, { now: () => 0 })
		await read("a.txt")
		expect(saves).toEqual([])
		await changes()
		expect(saves).toEqual([{ version: 1, files: [{ path: "a.txt", hash: hashContent("one\n") }] }])
		await changes()
		expect(saves).toHaveLength(1)
		await someoneWrites("a.txt", "two\n")
		await changes()
		expect(saves.at(-1)).toEqual({ version: 1, files: [] })
	})
})

describe("files in context across a restart", () => {
	it("reports a change made while the task was not running", async () => {
		await setup({ "a.txt": "one\n", "b.txt": "two\n" })
		await read("a.txt")
		await read("b.txt")
		await changes()
		const saved = saves.at(-1)

		await someoneWrites("a.txt", "changed while stopped\n")
		const resumed = new FileContextTracker(t.workspace, { saved })
		expect(resumed.trackedPaths).toEqual(["a.txt", "b.txt"])
		expect(await resumed.takeChanges(t.context.ignore)).toEqual([{ path: "a.txt", kind: "changed" }])
	})

	it("trusts a saved signature that vouches for the content, and hashes again once it differs", async () => {
		await setup({ "a.txt": "one\n" })
		const info = await stat(path.join(t.workspace, "a.txt"))
		const signature = { size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs, ino: info.ino }
		// A hash that does not match the file shows whether the file was hashed at all.
		const saved = { version: 1, files: [{ path: "a.txt", hash: hashContent("other"), signature }] }
		const resumed = new FileContextTracker(t.workspace, { saved })
		expect(await resumed.takeChanges(t.context.ignore)).toEqual([])

		const later = new Date(info.mtimeMs + 60_000)
		await utimes(path.join(t.workspace, "a.txt"), later, later)
		expect(await resumed.takeChanges(t.context.ignore)).toEqual([{ path: "a.txt", kind: "changed" }])
	})

	it("saves hashes only, and no new state when a check only confirmed a file", async () => {
		await setup({ "a.txt": "one\n" })
		const info = await stat(path.join(t.workspace, "a.txt"))
		let now = Math.max(info.mtimeMs, info.ctimeMs)
		tracker = new FileContextTracker(t.workspace, {
			onStateChanged: (state) => saves.push(state),
			now: () => now,
		})
		context = { ...t.context, fileContext: tracker }
		await read("a.txt")
		await changes()
		expect(saves).toEqual([{ version: 1, files: [{ path: "a.txt", hash: hashContent("one\n") }] }])

		// Old enough now for its signature to vouch: kept in memory, nothing new to save.
		now += 60_000
		await changes()
		expect(saves).toHaveLength(1)
	})

	it("starts empty from a saved state it cannot trust", async () => {
		await setup({ "a.txt": "one\n" })
		const hash = hashContent("one\n")
		for (const saved of [
			{ version: 2, files: [] },
			"not a state",
			{ version: 1, files: [{ path: "../outside/b.txt", hash }] },
			{ version: 1, files: [{ path: "/etc/hostname", hash }] },
		])
			expect(new FileContextTracker(t.workspace, { saved }).trackedPaths).toEqual([])
	})
})

describe("files in context, with a watch of the workspace's folders", () => {
	/** The model has seen the file at `relative` as it is now (as a read or an edit tells it). */
	const seen = async (relative: string) => {
		const absolute = path.join(t.workspace, relative)
		tracker.modelHasSeen(
			{ absolute, relative, isOutsideWorkspace: false },
			hashContent(await readFile(absolute)),
		)
	}

	/**
	 * A watch that names nothing, whatever happens: what the tracker still finds, it found by
	 * looking at the file itself. `says` changes its answer.
	 */
	function silentWatch(folders: string[]): WorkspaceChanges & { says: WatchedChanges } {
		return {
			get root() {
				return t.workspace
			},
			folders: new Set(folders),
			says: { kind: "paths", paths: new Set() },
			mark: () => 0,
			since(this: { says: WatchedChanges }) {
				return this.says
			},
		}
	}

	/** A clock past the files' time stamps (so their stat vouches), moved by the test. */
	let now: number
	async function setupWatched(files: Record<string, string>, watch: () => WorkspaceChanges | undefined) {
		now = Date.now() + 1_000
		await setup(files, { now: () => now, changes: watch })
	}
	const later = async (ms = 1_000) => {
		now += ms
		return changes()
	}

	it("does not look at a file the watch saw no change to, and looks at every file again after 15 s", async () => {
		const watch = silentWatch(["", "src"])
		await setupWatched({ "src/a.ts": "const a = 1\n" }, () => watch)
		await seen("src/a.ts")
		expect(await later()).toEqual([])
		await someoneWrites("src/a.ts", "const a = 2\n")
		// The watch vouches for the file: it is not stat'ed, so the change is not found yet.
		expect(await later()).toEqual([])
		expect(await later(15_000)).toEqual([{ path: "src/a.ts", kind: "changed" }])
	})

	it("looks at a file the watch names, or names a folder above, or cannot vouch for", async () => {
		const watch = silentWatch(["", "src", "src/deep"])
		const files = { "a.txt": "a\n", "src/deep/b.ts": "b\n", "src/c.ts": "c\n", "other/d.md": "d\n" }
		await setupWatched(files, () => watch)
		for (const relative of Object.keys(files)) await seen(relative)
		expect(await later()).toEqual([])
		for (const relative of Object.keys(files)) await someoneWrites(relative, "changed\n")
		watch.says = { kind: "paths", paths: new Set(["a.txt", "src/deep"]) }
		// a.txt named; src/deep/b.ts under a named folder; other/ not watched; src/c.ts vouched for.
		expect(await later()).toEqual([
			{ path: "a.txt", kind: "changed" },
			{ path: "src/deep/b.ts", kind: "changed" },
			{ path: "other/d.md", kind: "changed" },
		])
		watch.says = { kind: "lost" }
		expect(await later()).toEqual([{ path: "src/c.ts", kind: "changed" }])
	})

	it("always looks at a link, a file with another name, and a watch of another folder", async () => {
		let watch: ReturnType<typeof silentWatch> | undefined
		await setupWatched({ "target.txt": "t\n", "twin.txt": "w\n", "src/x.ts": "x\n" }, () => watch)
		await mkdir(path.join(t.workspace, "outside"))
		await symlink("target.txt", path.join(t.workspace, "link.txt"))
		await link(path.join(t.workspace, "twin.txt"), path.join(t.workspace, "outside/twin.txt"))
		watch = silentWatch([""])
		await seen("link.txt")
		await seen("twin.txt")
		expect(await later()).toEqual([])
		await someoneWrites("target.txt", "t2\n")
		await someoneWrites("outside/twin.txt", "w2\n")
		expect(await later()).toEqual([
			{ path: "link.txt", kind: "changed" },
			{ path: "twin.txt", kind: "changed" },
		])

		watch = { ...silentWatch(["", "src"]), root: path.join(t.workspace, "src") }
		await seen("src/x.ts")
		expect(await later()).toEqual([])
		await someoneWrites("src/x.ts", "x2\n")
		expect(await later()).toEqual([{ path: "src/x.ts", kind: "changed" }])
	})

	it.runIf(process.platform === "linux")(
		"finds at once what a real watch names: edits, deletions, a folder renamed",
		async () => {
			const watches: WorkspaceWatch[] = []
			await setupWatched(
				{ "a.txt": "a\n", "src/b.ts": "b\n", "src/c.ts": "c\n", "d.md": "d\n" },
				() => watches[0],
			)
			const real = new WorkspaceWatch(t.workspace)
			watches.push(real)
			expect(real.watch(["", "src"])).toBe(true)
			try {
				for (const relative of ["a.txt", "src/b.ts", "src/c.ts", "d.md"]) await seen(relative)
				expect(await later()).toEqual([])
				expect(await later()).toEqual([])
				await someoneWrites("src/b.ts", "b2\n")
				await rm(path.join(t.workspace, "d.md"))
				expect(await later()).toEqual([
					{ path: "src/b.ts", kind: "changed" },
					{ path: "d.md", kind: "deleted" },
				])
				await rename(path.join(t.workspace, "src"), path.join(t.workspace, "moved"))
				expect(await later()).toEqual([{ path: "src/c.ts", kind: "deleted" }])
			} finally {
				real.close()
			}
		},
	)
})
