import { describe, expect, it } from "vitest"
import type { ClineMessage } from "../message/clineMessage.js"
import { lastPage, pageAt } from "./messagePages.js"

/** A transcript of `count` messages whose ts are 10, 20, 30... */
const transcript = (count: number): ClineMessage[] =>
	Array.from({ length: count }, (_, i) => ({ ts: (i + 1) * 10, type: "say", say: "text", text: `m${i}` }))
const tsOf = (messages: readonly ClineMessage[]) => messages.map((m) => m.ts)

describe("pages of a task's messages", () => {
	const messages = transcript(25)

	it("the last page is the newest messages, with the count of those before it", () => {
		const page = lastPage(messages, 10)
		expect(tsOf(page.messages)).toEqual([160, 170, 180, 190, 200, 210, 220, 230, 240, 250])
		expect(page).toMatchObject({ olderMessages: 15, newerMessages: 0 })
	})

	it("a task shorter than a page is one page with nothing before it", () => {
		expect(lastPage(transcript(3), 10)).toMatchObject({ olderMessages: 0, newerMessages: 0 })
		expect(lastPage([], 10)).toEqual({ messages: [], olderMessages: 0, newerMessages: 0 })
	})

	it("the page before a ts ends just before it and says whether more remain", () => {
		const page = pageAt(messages, { kind: "before", ts: 160 }, 10)
		expect(tsOf(page.messages)).toEqual([60, 70, 80, 90, 100, 110, 120, 130, 140, 150])
		expect(page).toMatchObject({ olderMessages: 5, newerMessages: 10 })
		const first = pageAt(messages, { kind: "before", ts: 60 }, 10)
		expect(tsOf(first.messages)).toEqual([10, 20, 30, 40, 50])
		expect(first.olderMessages).toBe(0)
	})

	it("the page after a ts starts just after it", () => {
		const page = pageAt(messages, { kind: "after", ts: 200 }, 10)
		expect(tsOf(page.messages)).toEqual([210, 220, 230, 240, 250])
		expect(page).toMatchObject({ olderMessages: 20, newerMessages: 0 })
	})

	it("the page around a ts holds it near the middle, and stays whole at the ends", () => {
		const page = pageAt(messages, { kind: "around", ts: 130 }, 10)
		expect(tsOf(page.messages)).toEqual([80, 90, 100, 110, 120, 130, 140, 150, 160, 170])
		expect(page).toMatchObject({ olderMessages: 7, newerMessages: 8 })
		expect(tsOf(pageAt(messages, { kind: "around", ts: 20 }, 10).messages)[0]).toBe(10)
		expect(tsOf(pageAt(messages, { kind: "around", ts: 250 }, 10).messages).at(-1)).toBe(250)
	})

	it("a ts between messages anchors by order", () => {
		expect(tsOf(pageAt(messages, { kind: "before", ts: 35 }, 10).messages)).toEqual([10, 20, 30])
		expect(tsOf(pageAt(messages, { kind: "after", ts: 235 }, 10).messages)).toEqual([240, 250])
	})
})
