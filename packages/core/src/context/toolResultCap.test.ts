import { describe, expect, it } from "vitest"
import type { ToolResultBlock, UserBlock } from "../providers/apiMessage.js"
import { TokenCounter } from "./tokenCounter.js"
import { capToolResults, resultsSurelyUnderCap } from "./toolResultCap.js"

const counter = await TokenCounter.load()
const lines = (n: number) =>
	Array.from({ length: n }, (_, i) => `line ${i + 1}: const value${i} = compute(${i})`).join("\n")
const resultOf = (text: string): ToolResultBlock => ({
	type: "tool_result",
	toolUseId: "t1",
	content: [{ type: "text", text }],
})
const textOf = (block: UserBlock | undefined) =>
	block?.type === "tool_result" ? block.content.map((p) => (p.type === "text" ? p.text : "")).join("") : ""

describe("capping a tool result to its share of the window", () => {
	it("leaves a result within the cap untouched", () => {
		const block = resultOf(lines(10))
		expect(capToolResults([block], 1_000, counter)[0]).toBe(block)
	})

	it("keeps the head of a result past the cap, within the cap, cut at a line end", () => {
		const capped = textOf(capToolResults([resultOf(lines(5_000))], 1_000, counter)[0])
		expect(counter.text(capped)).toBeLessThanOrEqual(1_000)
		expect(capped.startsWith("line 1: ")).toBe(true)
		const [head] = capped.split("\n\n[Cut to fit")
		expect(head?.split("\n").at(-1)).toMatch(/^line \d+: const value\d+ = compute\(\d+\)$/)
	})

	it("tells the model how far it got and how to read on", () => {
		const capped = textOf(capToolResults([resultOf(lines(5_000))], 1_000, counter)[0])
		const shown = Number(/shows the first (\d+) of 5000 lines/.exec(capped)?.[1])
		expect(shown).toBeGreaterThan(10)
		expect(capped).toContain(`line ${shown}: `)
		expect(capped).not.toContain(`line ${shown + 1}: `)
		expect(capped).toContain("read_file with start_line")
	})

	it("cuts a result that is one enormous line too", () => {
		const capped = textOf(capToolResults([resultOf("x".repeat(400_000))], 2_000, counter)[0])
		expect(counter.text(capped)).toBeLessThanOrEqual(2_000)
	})

	it("leaves the other blocks of the turn alone", () => {
		const text: UserBlock = { type: "text", text: lines(5_000) }
		expect(capToolResults([text], 100, counter)[0]).toBe(text)
	})
})

describe("telling without the tokenizer that no result needs capping", () => {
	it("is sure when every result has no more bytes than the cap, and then capping changes nothing", () => {
		const blocks: UserBlock[] = [resultOf(lines(10)), { type: "text", text: lines(5_000) }]
		const bytes = Buffer.byteLength(lines(10))
		expect(resultsSurelyUnderCap(blocks, bytes)).toBe(true)
		expect(capToolResults(blocks, bytes, counter)).toEqual(blocks)
	})

	it("is not sure once a result has more bytes than the cap, even when its tokens fit", () => {
		const text = lines(10)
		const tokens = counter.text(text)
		expect(resultsSurelyUnderCap([resultOf(text)], tokens)).toBe(false)
		expect(capToolResults([resultOf(text)], tokens, counter)[0]).toEqual(resultOf(text))
	})
})
