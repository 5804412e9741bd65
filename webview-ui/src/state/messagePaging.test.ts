import {
	maxLoadedMessages,
	messagePageSize,
	pageAt,
	type ClineMessage,
	type ExtensionMessage,
	type PageAnchor,
} from "@cairn/types"
import { describe, expect, it } from "vitest"
import { ask, delta, fromHost, loadTask, say, taskId } from "../test/fixtures"
import { posted } from "../test/setup"
import { loadNewerMessages, loadOlderMessages, showSearchResult } from "./pagingActions"
import { useWebviewStore } from "./store"

const store = () => useWebviewStore.getState()
const transcript = (count: number): ClineMessage[] =>
	Array.from({ length: count }, (_, i) => say("text", `message ${i}`))

/** What the host answers to `anchor` for a task of `all` messages. */
const pageOf = (all: ClineMessage[], anchor: PageAnchor, forTask = taskId): ExtensionMessage => ({
	type: "messagePage",
	taskId: forTask,
	anchor,
	...pageAt(all, anchor),
})

const lastPosted = () => posted.at(-1)

describe("the loaded window of a long task", () => {
	it("starts with the snapshot's newest page and knows how many older messages exist", () => {
		const all = transcript(1000)
		loadTask(all)
		expect(store().messages).toEqual(all.slice(-messagePageSize))
		expect(store().olderMessages).toBe(1000 - messagePageSize)
		expect(store().hasNewer).toBe(false)
	})

	it("asks for the page before its first message once, and prepends the answer", () => {
		const all = transcript(1000)
		loadTask(all)
		loadOlderMessages()
		loadOlderMessages()
		const first = all[1000 - messagePageSize]
		expect(posted).toEqual([
			{ type: "requestMessagePage", taskId, anchor: { kind: "before", ts: first?.ts } },
		])
		fromHost(pageOf(all, { kind: "before", ts: first?.ts ?? 0 }))
		expect(store().messages).toEqual(all.slice(-2 * messagePageSize))
		expect(store().olderMessages).toBe(1000 - 2 * messagePageSize)
		expect(store().pageRequest).toBeUndefined()
	})

	it("does not ask for more at the task's start", () => {
		loadTask(transcript(10))
		loadOlderMessages()
		expect(posted).toEqual([])
	})

	it("ignores a page of a task left meanwhile, and a page the window has moved past", () => {
		const all = transcript(1000)
		loadTask(all)
		const before = store().messages
		fromHost(pageOf(all, { kind: "before", ts: before[0]?.ts ?? 0 }, "another-task"))
		expect(store().messages).toBe(before)
		fromHost(pageOf(all, { kind: "before", ts: before[5]?.ts ?? 0 }))
		expect(store().messages).toBe(before)
	})

	it("never holds the same message twice when a page overlaps it", () => {
		const all = transcript(1000)
		loadTask(all)
		const first = store().messages[0]?.ts ?? 0
		const page = pageOf(all, { kind: "before", ts: first })
		if (page.type !== "messagePage") throw new Error("not a page")
		fromHost({
			...page,
			messages: [...page.messages, ...all.slice(-messagePageSize, -messagePageSize + 3)],
		})
		const tss = store().messages.map((m) => m.ts)
		expect(new Set(tss).size).toBe(tss.length)
	})

	it("drops the newest messages past the cap when scrolling up, and fetches them again going down", () => {
		const all = transcript(maxLoadedMessages + 3 * messagePageSize)
		loadTask(all)
		while (store().olderMessages > 0) {
			loadOlderMessages()
			const anchor = store().pageRequest
			if (anchor === undefined) throw new Error("no page was asked for")
			fromHost(pageOf(all, anchor))
		}
		expect(store().messages).toEqual(all.slice(0, maxLoadedMessages))
		expect(store().hasNewer).toBe(true)

		// Output of the task goes on meanwhile: it is not added to a window that stops short of it.
		fromHost(delta(say("text", "new output"), 1))
		expect(store().messages).toHaveLength(maxLoadedMessages)

		loadNewerMessages()
		const anchor = store().pageRequest
		expect(anchor).toEqual({ kind: "after", ts: all[maxLoadedMessages - 1]?.ts })
		if (anchor === undefined) throw new Error("no page was asked for")
		fromHost(pageOf(all, anchor))
		expect(store().messages).toHaveLength(maxLoadedMessages)
		expect(store().messages.at(-1)).toEqual(all[maxLoadedMessages + messagePageSize - 1])
		expect(store().olderMessages).toBe(messagePageSize)
	})

	it("stays bounded while a live task keeps adding messages", () => {
		loadTask(transcript(messagePageSize))
		for (let i = 1; i <= maxLoadedMessages + 2 * messagePageSize; i++)
			fromHost(delta(say("text", `live ${i}`), i))
		expect(store().messages.length).toBeLessThanOrEqual(maxLoadedMessages + messagePageSize)
		expect(store().olderMessages + store().messages.length).toBe(maxLoadedMessages + 3 * messagePageSize)
		expect(store().messages.at(-1)?.text).toBe(`live ${maxLoadedMessages + 2 * messagePageSize}`)
	})

	it("a search result outside the window loads the page around it and marks it to scroll to", () => {
		const all = transcript(1000)
		loadTask(all)
		const target = all[10]?.ts ?? 0
		showSearchResult(target)
		expect(lastPosted()).toEqual({
			type: "requestMessagePage",
			taskId,
			anchor: { kind: "around", ts: target },
		})
		fromHost(pageOf(all, { kind: "around", ts: target }))
		expect(store().messages.some((m) => m.ts === target)).toBe(true)
		expect(store().olderMessages).toBe(0)
		expect(store().hasNewer).toBe(true)
		expect(store().scrollTarget?.ts).toBe(target)
	})
})

describe("the chat's buttons while older pages are shown", () => {
	it("follow the task's newest messages, not the loaded window", () => {
		const all = [
			...transcript(maxLoadedMessages + 2 * messagePageSize),
			ask("followup", '{"question":"Go on?"}'),
		]
		loadTask(all)
		while (store().olderMessages > 0) {
			loadOlderMessages()
			const anchor = store().pageRequest
			if (anchor === undefined) throw new Error("no page was asked for")
			fromHost(pageOf(all, anchor))
		}
		expect(store().hasNewer).toBe(true)
		expect(store().latest.at(-1)?.ask).toBe("followup")
		fromHost(delta(say("text", "more output"), 1))
		expect(store().latest.at(-1)?.text).toBe("more output")
		expect(store().latest.length).toBeLessThanOrEqual(2 * messagePageSize)
	})
})
