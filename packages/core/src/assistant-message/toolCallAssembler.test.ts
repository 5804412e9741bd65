import { describe, expect, it } from "vitest"
import { ToolCallAssembler, toToolUse } from "./toolCallAssembler.js"

describe("ToolCallAssembler", () => {
	it("shows the path before the content has finished streaming", () => {
		const assembler = new ToolCallAssembler()
		assembler.addPartial({
			type: "tool_call_partial",
			index: 0,
			id: "t1",
			name: "write_to_file",
			argumentsDelta: "",
		})
		const early = assembler.addPartial({
			type: "tool_call_partial",
			index: 0,
			argumentsDelta: '{"path": "src/a.ts", "content": "exp',
		})
		expect(early).toEqual({ name: "write_to_file", partialInput: { path: "src/a.ts", content: "exp" } })
	})

	it("keeps interleaved calls apart by index", () => {
		const assembler = new ToolCallAssembler()
		assembler.addPartial({
			type: "tool_call_partial",
			index: 0,
			id: "a",
			name: "read_file",
			argumentsDelta: '{"path":"x',
		})
		assembler.addPartial({
			type: "tool_call_partial",
			index: 1,
			id: "b",
			name: "list_files",
			argumentsDelta: '{"path":"',
		})
		const first = assembler.addPartial({ type: "tool_call_partial", index: 0, argumentsDelta: '.ts"}' })
		expect(first.partialInput).toEqual({ path: "x.ts" })
	})

	it("parses a complete call", () => {
		const use = new ToolCallAssembler().complete({
			type: "tool_call",
			index: 0,
			id: "t",
			name: "read_file",
			arguments: '{"path":"a"}',
		})
		expect(use).toEqual({
			id: "t",
			name: "read_file",
			rawArguments: '{"path":"a"}',
			input: { path: "a" },
		})
	})

	it("treats empty arguments as an empty object", () => {
		expect(toToolUse("t", "attempt_completion", "").input).toEqual({})
	})

	it.each([
		['{"path": "a"', /not valid JSON/],
		["[1,2]", /must be a JSON object/],
		['"just a string"', /must be a JSON object/],
	])("reports broken arguments %j instead of throwing", (raw, message) => {
		const use = toToolUse("t", "read_file", raw)
		expect(use.input).toBeUndefined()
		expect(use.argumentsError).toMatch(message)
	})
})

describe("tool arguments over the limits", () => {
	it("refuses arguments nested deeper than the limit, and keeps none of them", () => {
		const deep = `{"path":${"[".repeat(20_000)}${"]".repeat(20_000)}}`
		const use = toToolUse("t1", "read_file", deep)
		expect(use.input).toBeUndefined()
		expect(use.argumentsError).toMatch(/nested too deeply \(more than 64 levels\)/)
		expect(use.rawArguments).toBe("{}")
	})

	it("accepts nesting up to the limit, and brackets inside strings do not count", () => {
		const atLimit = `{"a":${"[".repeat(63)}${"]".repeat(63)},"s":"${"[".repeat(500)}"}`
		expect(toToolUse("t1", "read_file", atLimit).input).toBeDefined()
	})

	it("refuses arguments over 1 MiB", () => {
		const use = toToolUse(
			"t1",
			"write_to_file",
			JSON.stringify({ path: "a", content: "x".repeat(1_100_000) }),
		)
		expect(use.input).toBeUndefined()
		expect(use.argumentsError).toMatch(/too large \(\d+ bytes; at most 1048576\)/)
		expect(use.rawArguments).toBe("{}")
	})
})
