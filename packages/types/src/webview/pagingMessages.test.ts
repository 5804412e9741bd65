import { describe, expect, it } from "vitest"
import { say } from "../test-support/messages.js"
import { parseExtensionMessage } from "./extensionMessage.js"
import { maxTaskSearchLength } from "./pagingMessages.js"
import { parseWebviewMessage } from "./webviewMessage.js"

const pageRequest = (anchor: unknown, taskId: unknown = "task-1") =>
	parseWebviewMessage({ type: "requestMessagePage", taskId, anchor })
const search = (query: unknown) =>
	parseWebviewMessage({ type: "searchTaskMessages", taskId: "task-1", requestId: 1, query })

describe("the paging messages", () => {
	it("ask for a page before, after or around a message's ts", () => {
		for (const kind of ["before", "after", "around"])
			expect(pageRequest({ kind, ts: 1_700_000_000_000 }).success).toBe(true)
	})

	it("reject a page request without a real anchor or task", () => {
		expect(pageRequest({ kind: "before" }).success).toBe(false)
		expect(pageRequest({ kind: "sideways", ts: 5 }).success).toBe(false)
		expect(pageRequest({ kind: "before", ts: -1 }).success).toBe(false)
		expect(pageRequest({ kind: "before", ts: 1.5 }).success).toBe(false)
		expect(pageRequest({ kind: "before", ts: 5 }, "../other").success).toBe(false)
		expect(
			parseWebviewMessage({ type: "requestMessagePage", anchor: { kind: "before", ts: 5 } }).success,
		).toBe(false)
	})

	it("reject an empty or huge search with a sentence saying why", () => {
		const empty = search("   ")
		expect(empty.success).toBe(false)
		if (!empty.success) expect(empty.error).toContain("type something to search for")
		const huge = search("x".repeat(maxTaskSearchLength + 1))
		expect(huge.success).toBe(false)
		if (!huge.success) expect(huge.error).toContain(`at most ${maxTaskSearchLength} characters`)
		expect(search(42).success).toBe(false)
	})

	it("trim what the person typed", () => {
		const parsed = search("  npm test ")
		expect(parsed.success && parsed.data.type === "searchTaskMessages" && parsed.data.query).toBe(
			"npm test",
		)
	})

	it("reject a page answer whose counts are not counts", () => {
		const page = {
			type: "messagePage",
			taskId: "task-1",
			anchor: { kind: "before", ts: 10 },
			messages: [say("text", "a")],
			olderMessages: 0,
			newerMessages: 3,
		}
		expect(parseExtensionMessage(page).success).toBe(true)
		expect(parseExtensionMessage({ ...page, olderMessages: -1 }).success).toBe(false)
		expect(parseExtensionMessage({ ...page, messages: [{ text: "no ts" }] }).success).toBe(false)
	})
})
