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
