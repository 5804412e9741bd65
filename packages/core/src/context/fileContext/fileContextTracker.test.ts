import { rename, rm, stat, utimes, writeFile } from "node:fs/promises"
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
