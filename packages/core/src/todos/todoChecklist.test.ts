import { describe, expect, it } from "vitest"
import { formatTodoChecklist, parseTodoChecklist } from "./todoChecklist.js"

describe("parseTodoChecklist", () => {
	it("reads each box as a status, one item per line, passing over blank lines", () => {
		const parsed = parseTodoChecklist(
			"- [x] Read the test\n\n- [-] Fix the parser\n- [ ] Run the tests\n",
		)
		expect(parsed).toEqual({
			ok: true,
			items: [
				{ content: "Read the test", status: "completed" },
				{ content: "Fix the parser", status: "in_progress" },
				{ content: "Run the tests", status: "pending" },
			],
		})
	})

	it("takes the variants models write: other bullets, numbers, no bullet, [X], [~], [], CRLF, indents", () => {
		const parsed = parseTodoChecklist("* [X] a\r\n+ [~] b\r\n1. [ ] c\n  [] d\n2) [x]   e  ")
		expect(parsed.ok && parsed.items).toEqual([
			{ content: "a", status: "completed" },
			{ content: "b", status: "in_progress" },
			{ content: "c", status: "pending" },
			{ content: "d", status: "pending" },
			{ content: "e", status: "completed" },
		])
	})

	it("names the line that is not an item and says how to write one", () => {
		const parsed = parseTodoChecklist("- [x] Read the test\n## Next\n- [ ] Fix it")
		expect(parsed).toEqual({
			ok: false,
			error: 'Line 2 ("## Next") is not a checklist item. Write one item per line: "- [ ] text" (to do), "- [-] text" (in progress) or "- [x] text" (done).',
		})
		expect(parseTodoChecklist("- [?] maybe")).toMatchObject({
			ok: false,
			error: /^Line 1 \("- \[\?\] maybe"\)/,
		})
		expect(parseTodoChecklist("- [ ] ok\n- [ ]   ")).toEqual({
			ok: false,
			error: 'Line 2 ("- [ ]"): a todo item has no text.',
		})
	})

	it("refuses an empty list, a list too long and an item too long, without quoting all of it", () => {
		expect(parseTodoChecklist(" \n")).toMatchObject({ ok: false, error: /has no items/ })
		expect(parseTodoChecklist("- [ ] step\n".repeat(101))).toMatchObject({
			ok: false,
			error: /more than 100 items/,
		})
		const long = parseTodoChecklist(`- [ ] ${"y".repeat(1001)}`)
		expect(long).toMatchObject({ ok: false, error: /longer than 1000 characters/ })
		expect(long.ok ? "" : long.error.length).toBeLessThan(200)
	})
})

describe("formatTodoChecklist", () => {
	it("writes the list back as the checklist the model writes", () => {
		const text = "- [x] a\n- [-] b\n- [ ] c"
		const parsed = parseTodoChecklist(text)
		expect(parsed.ok && formatTodoChecklist(parsed.items)).toBe(text)
	})
})
