import { cp, mkdir } from "node:fs/promises"
import path from "node:path"
import { noSpent } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { openLedger } from "../ledger/openLedger.js"
import { TaskStore } from "../persistence/taskStore.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { importRooTasks } from "./importRooTasks.js"
import { findRooTaskFolders, rooExtensionFolder } from "./rooStorage.js"

const fixtureStorage = path.join(import.meta.dirname, "fixtures", "roo-storage")
const interrupted = "0f9c2d4e-5b6a-4c3d-8e7f-1a2b3c4d5e6f"
const finished = "7d1e0b2a-9c8f-4e6d-a5b4-c3d2e1f0a9b8"
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function setup() {
	const temp = await makeTempDir("cairn-roo-tasks-")
	cleanups.push(temp.remove)
	const store = await TaskStore.open(path.join(temp.dir, "cairn"))
	cleanups.push(() => store.close())
	return { temp, store }
}

describe("importing Roo Code's task history", () => {
	it("makes each Roo task a Cairn task with its title, counts, workspace and mode, and skips a folder with no conversation", async () => {
		const { store } = await setup()
		const { report, imported } = await importRooTasks(fixtureStorage, store, { workspace: "/elsewhere" })
		expect(report.lines).toEqual([
			{ kind: "task", name: "Add a greet function to src/greet.ts" },
			{ kind: "task", name: "What does the README say?" },
			{ kind: "task", name: "b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e", skipped: "empty_task" },
		])
		expect(imported).toEqual([`roo-${interrupted}`, `roo-${finished}`])
		expect(store.get(`roo-${interrupted}`)).toMatchObject({
			task: "Add a greet function to src/greet.ts",
			ts: 1767225608000,
			tokensIn: 1800,
			tokensOut: 120,
			cacheReads: 400,
			totalCost: 0.0123,
			workspace: "/home/person/greeter",
			mode: "code",
			status: "aborted",
		})
		// Known only from Roo's history index; it ended with its result.
		expect(store.get(`roo-${finished}`)).toMatchObject({
			mode: "ask",
			totalCost: 0.002,
			status: "completed",
		})
		// Found by the history's search like any task.
		expect(store.list({ query: "greet" }).map((item) => item.id)).toEqual([`roo-${interrupted}`])
	})

	it("keeps the conversation as the model last saw it, every tool call answered, and the chat's plain rows", async () => {
		const { store } = await setup()
		await importRooTasks(fixtureStorage, store, { workspace: "/elsewhere" })
		const task = await store.loadTask(`roo-${interrupted}`)
		expect(task.problems).toEqual([])
		expect(task.apiHistory.map((m) => [m.role, m.content.map((b) => b.type)])).toEqual([
			["user", ["text", "text"]],
			["assistant", ["text", "tool_use"]],
			// The condensed stretch is left out; its summary follows the tool's result.
			["user", ["tool_result", "text"]],
			["assistant", ["reasoning", "tool_use"]],
			// Roo stopped at this call: it is answered as interrupted.
			["user", ["tool_result"]],
		])
		expect(task.apiHistory[3]?.content[0]).toEqual({
			type: "reasoning",
			text: "Create it with one exported function.",
			signature: "sig-fixture",
		})
		expect(task.apiHistory[4]?.content[0]).toMatchObject({ toolUseId: "toolu_roo_02", isError: true })
		expect(task.messages.map((m) => [m.type, m.say ?? m.ask, m.text])).toEqual([
			["say", "text", "Add a greet function to src/greet.ts"],
			["say", "text", "I'll look at the file first."],
			["say", "text", "Should greet take a name?"],
			["say", "user_feedback", "Yes, a name."],
		])
		const done = await store.loadTask(`roo-${finished}`)
		expect(done.messages.at(-1)).toMatchObject({ type: "ask", ask: "completion_result" })
	})

	it("opens the task's ledger with what Roo says it spent, so resuming it adds to that", async () => {
		const { store } = await setup()
		await importRooTasks(fixtureStorage, store, { workspace: "/elsewhere" })
		const task = await store.loadTask(`roo-${interrupted}`)
		expect(task.ledger).toEqual([
			{
				kind: "carried",
				spent: {
					...noSpent,
					requests: 2,
					tokensIn: 1800,
					tokensOut: 120,
					cacheReads: 400,
					cost: 0.0123,
				},
			},
		])
		expect(openLedger(task, undefined).tokenUsage).toMatchObject({
			totalTokensIn: 1800,
			totalTokensOut: 120,
			totalCacheReads: 400,
			totalCost: 0.0123,
			requests: 2,
		})
	})

	it("does not duplicate a task imported before, from Roo's tasks folder or a single task's folder", async () => {
		const { store } = await setup()
		await importRooTasks(fixtureStorage, store, { workspace: "/elsewhere" })
		const again = await importRooTasks(path.join(fixtureStorage, "tasks"), store, {
			workspace: "/elsewhere",
		})
		expect(again.imported).toEqual([])
		expect(again.report.lines.map((line) => line.skipped)).toEqual([
			"already_there",
			"already_there",
			"empty_task",
		])
		const one = await importRooTasks(path.join(fixtureStorage, "tasks", interrupted), store, {
			workspace: "/x",
		})
		expect(one.report.lines).toEqual([{ kind: "task", name: interrupted, skipped: "already_there" }])
		expect(store.list()).toHaveLength(2)
	})

	it("lists a task that does not say its workspace under the workspace importing it", async () => {
		const { store, temp } = await setup()
		const copy = path.join(temp.dir, "roo", "tasks")
		await cp(path.join(fixtureStorage, "tasks", finished), path.join(copy, finished), { recursive: true })
		await importRooTasks(path.join(temp.dir, "roo"), store, { workspace: "/work/here" })
		expect(store.list({ workspace: "/work/here" }).map((item) => [item.task, item.status])).toEqual([
			["What does the README say?", "completed"],
		])
	})

	it("reports a task folder whose history is not JSON and goes on with the others", async () => {
		const { store, temp } = await setup()
		const copy = path.join(temp.dir, "roo")
		await cp(fixtureStorage, copy, { recursive: true })
		const { writeFile } = await import("node:fs/promises")
		await writeFile(path.join(copy, "tasks", finished, "api_conversation_history.json"), "[{")
		const { report } = await importRooTasks(copy, store, { workspace: "/w" })
		expect(report.lines[1]).toMatchObject({
			skipped: "invalid",
			detail: expect.stringMatching(/is not valid JSON/) as string,
		})
		expect(report.lines[0]?.skipped).toBeUndefined()
		expect(store.get(`roo-${finished}`)).toBeUndefined()
	})

	it("finds Roo's storage in each editor's global storage on this machine", async () => {
		const { temp } = await setup()
		const home = temp.dir
		const code = path.join(home, ".config", "Code", "User", "globalStorage", rooExtensionFolder, "tasks")
		const server = path.join(
			home,
			".local",
			"share",
			"code-server",
			"User",
			"globalStorage",
			rooExtensionFolder,
			"tasks",
		)
		await mkdir(code, { recursive: true })
		await mkdir(server, { recursive: true })
		expect(await findRooTaskFolders(home, {}, "linux")).toEqual([code, server])
		const mac = path.join(
			home,
			"Library",
			"Application Support",
			"VSCodium",
			"User",
			"globalStorage",
			rooExtensionFolder,
			"tasks",
		)
		await mkdir(mac, { recursive: true })
		expect(await findRooTaskFolders(home, {}, "darwin")).toEqual([mac, server])
	})

	it("says a chosen folder cannot be read instead of failing without a reason", async () => {
		const { store, temp } = await setup()
		await expect(
			importRooTasks(path.join(temp.dir, "missing"), store, { workspace: "/w" }),
		).rejects.toThrow(/missing is not a folder Cairn can read \(ENOENT\)/)
	})
})
