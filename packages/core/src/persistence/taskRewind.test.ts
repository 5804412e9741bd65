import { readdir, readFile } from "node:fs/promises"
import path from "node:path"
import type { ClineMessage } from "@cairn/types"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { ApiMessage } from "../providers/apiMessage.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { TaskStore } from "./taskStore.js"
import { saveRewound } from "./taskRewind.js"
import { UiMessageJournal, uiMessagesFileName } from "./uiMessageJournal.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let storageDir: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-rewind-")
	storageDir = path.join(temp.dir, "storage")
})
afterEach(async () => {
	await temp.remove()
})

const say = (ts: number, text: string): ClineMessage => ({ ts, type: "say", say: "text", text })
const user = (text: string): ApiMessage => ({ role: "user", content: [{ type: "text", text }] })
const assistant = (text: string): ApiMessage => ({ role: "assistant", content: [{ type: "text", text }] })
const taskDir = () => path.join(storageDir, "tasks", "t1")

/** A stored task of five messages and four API messages, the last user message grown by a merge. */
async function storedTask(): Promise<TaskStore> {
	const store = await TaskStore.open(storageDir)
	await store.createTask({ id: "t1", task: "first" })
	for (const [ts, text] of [
		[10, "first"],
		[20, "second"],
		[30, "third"],
		[40, "fourth"],
		[50, "fifth"],
	] as const)
		await store.appendMessage("t1", say(ts, text))
	const grown: ApiMessage = {
		role: "user",
		content: [
			{ type: "text", text: "u2" },
			{ type: "text", text: "merged later" },
		],
	}
	await store.syncApiHistory("t1", [user("u1"), assistant("a1"), grown, assistant("a2")])
	return store
}

describe("rewinding a stored task", () => {
	it("drops the messages from the cut and the history after its point, and keeps both in rewound/", async () => {
		const store = await storedTask()
		await store.rewindTask("t1", { before: 30, history: { messages: 3, lastUserBlocks: 1 } })
		await store.close()

		const reopened = await TaskStore.open(storageDir)
		const loaded = await reopened.loadTask("t1")
		expect(loaded.messages.map((m) => m.text)).toEqual(["first", "second"])
		expect(loaded.apiHistory).toEqual([user("u1"), assistant("a1"), user("u2")])
		const [file] = await readdir(path.join(taskDir(), "rewound"))
		const kept = JSON.parse(await readFile(path.join(taskDir(), "rewound", file!), "utf8"))
		expect(kept.messages.map((m: ClineMessage) => m.text)).toEqual(["third", "fourth", "fifth"])
		expect(kept.apiMessages).toEqual([
			{ role: "user", content: [{ type: "text", text: "merged later" }] },
			assistant("a2"),
		])

		// What the task does after the rewind is kept, whatever its timestamps.
		await reopened.appendMessage("t1", say(35, "after the rewind"))
		await reopened.syncApiHistory("t1", [...loaded.apiHistory, assistant("a3")])
		await reopened.close()
		const again = await (await TaskStore.open(storageDir)).loadTask("t1")
		expect(again.messages.map((m) => m.text)).toEqual(["first", "second", "after the rewind"])
		expect(again.apiHistory.at(-1)).toEqual(assistant("a3"))
	})

	it("a rewind a crash left journaled only in the messages is finished in the API history when the task is read", async () => {
		const store = await storedTask()
		await store.close()
		// What rewindTask does up to its last write, as a kill -9 would leave it.
		const cut = { before: 20, history: { messages: 2 } }
		const { id } = await saveRewound(taskDir(), cut, [], [])
		const ui = new UiMessageJournal(path.join(taskDir(), uiMessagesFileName))
		await ui.appendRewind({ id, before: cut.before })
		await ui.close()

		const reopened = await TaskStore.open(storageDir)
		const loaded = await reopened.loadTask("t1")
		expect(loaded.messages.map((m) => m.text)).toEqual(["first"])
		expect(loaded.apiHistory).toEqual([user("u1"), assistant("a1")])
		expect(loaded.problems).toEqual([])
		await reopened.close()
		const journal = await readFile(path.join(taskDir(), "api_history.jsonl"), "utf8")
		expect(journal.trim().split("\n").at(-1)).toBe(
			JSON.stringify({ type: "rewind", id, to: cut.history }),
		)
	})
})
