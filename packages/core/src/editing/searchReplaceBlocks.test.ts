import { describe, expect, it } from "vitest"
import { parseSearchReplaceBlocks } from "./searchReplaceBlocks.js"

const block = (search: string, replace: string, hint = "") =>
	`<<<<<<< SEARCH\n${hint}-------\n${search}\n=======\n${replace}\n>>>>>>> REPLACE`

describe("parseSearchReplaceBlocks", () => {
	it("reads blocks with their start-line hints", () => {
		const parsed = parseSearchReplaceBlocks(
			`${block("a", "b", ":start_line:3\n")}\n\n${block("c\nd", "e")}`,
		)
		expect(parsed).toEqual({
			ok: true,
			blocks: [
				{ index: 1, search: ["a"], replace: ["b"], startLine: 3 },
				{ index: 2, search: ["c", "d"], replace: ["e"] },
			],
		})
	})

	it("accepts miscounted markers, CRLF and a missing divider", () => {
		const parsed = parseSearchReplaceBlocks(
			"<<<<<< SEARCH\r\nold\r\n========\r\nnew\r\n>>>>>>>> REPLACE\r\n",
		)
		expect(parsed).toMatchObject({ ok: true, blocks: [{ search: ["old"], replace: ["new"] }] })
	})

	it("keeps an escaped marker line as content", () => {
		const parsed = parseSearchReplaceBlocks(block("x\n\\=======\ny", "z"))
		expect(parsed).toMatchObject({ ok: true, blocks: [{ search: ["x", "=======", "y"] }] })
	})

	it("drops start-line hints (and their divider) that a model repeats at the top of REPLACE", () => {
		const parsed = parseSearchReplaceBlocks(
			"<<<<<<< SEARCH\n:start_line:2\n-------\nold\n=======\n:start_line:2\n-------\nnew\n>>>>>>> REPLACE",
		)
		expect(parsed).toMatchObject({
			ok: true,
			blocks: [{ search: ["old"], replace: ["new"], startLine: 2 }],
		})
	})

	it("keeps a divider-like line at the top of REPLACE when no hint came with it", () => {
		const parsed = parseSearchReplaceBlocks(block("old", "-------\nnew"))
		expect(parsed).toMatchObject({ ok: true, blocks: [{ replace: ["-------", "new"] }] })
	})

	it("YAML front matter's --- is content, not the divider; so is a second divider", () => {
		const front = parseSearchReplaceBlocks(
			"<<<<<<< SEARCH\n---\ntitle: a\n=======\n---\ntitle: b\n>>>>>>> REPLACE",
		)
		expect(front).toMatchObject({
			ok: true,
			blocks: [{ search: ["---", "title: a"], replace: ["---", "title: b"] }],
		})
		const twice = parseSearchReplaceBlocks(block("-------\nx", "y"))
		expect(twice).toMatchObject({ ok: true, blocks: [{ search: ["-------", "x"] }] })
	})

	it("an empty replacement deletes the lines", () => {
		const parsed = parseSearchReplaceBlocks("<<<<<<< SEARCH\ngone\n=======\n>>>>>>> REPLACE")
		expect(parsed).toMatchObject({ ok: true, blocks: [{ search: ["gone"], replace: [] }] })
	})

	it.each([
		["", /no "<<<<<<< SEARCH" block/],
		["just some text", /line 1: expected "<<<<<<< SEARCH"/],
		["<<<<<<< SEARCH\nold\n>>>>>>> REPLACE", /before "=======" ended the SEARCH part/],
		["<<<<<<< SEARCH\nold\n=======\nnew", /no ">>>>>>> REPLACE" line closes it/],
		["<<<<<<< SEARCH\nold", /no "=======" line/],
		["<<<<<<< SEARCH\n\n=======\nnew\n>>>>>>> REPLACE", /SEARCH part is empty/],
	])("explains what is wrong with %j", (diff, message) => {
		const parsed = parseSearchReplaceBlocks(diff)
		expect(parsed.ok).toBe(false)
		if (!parsed.ok) expect(parsed.error).toMatch(message)
	})
})
