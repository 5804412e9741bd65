import { describe, expect, it } from "vitest"
import { findPlaceholder, stripWholeFileFence } from "./contentChecks.js"

describe("stripWholeFileFence", () => {
	it("strips a fence around the whole content", () => {
		expect(stripWholeFileFence("```ts\nconst a = 1\n```")).toBe("const a = 1\n")
		expect(stripWholeFileFence("```\r\na\r\nb\r\n```\r\n")).toBe("a\r\nb\r\n")
	})

	it("leaves content alone that is not one fenced block", () => {
		const markdown = "```js\ncode\n```\n\ntext\n\n```py\nmore\n```\n"
		expect(stripWholeFileFence(markdown)).toBe(markdown)
		expect(stripWholeFileFence("const a = 1\n")).toBe("const a = 1\n")
		expect(stripWholeFileFence("```ts\nonly an opening\n")).toBe("```ts\nonly an opening\n")
	})
})

describe("findPlaceholder", () => {
	it.each([
		"// rest of code unchanged",
		"  // ... rest of the file remains the same",
		"# rest of the implementation goes here",
		"/* ... existing code ... */",
		"// ...existing methods",
		"<!-- rest of the content unchanged -->",
		"// existing code unchanged",
	])("finds %j", (line) => {
		expect(findPlaceholder(`a\n${line}\nb`, undefined)).toBe(line.trim())
	})

	it.each([
		"// keep the rest of the file sorted",
		"// the rest is handled by the caller",
		"const rest = 1",
	])("ignores ordinary code and comments like %j", (line) => {
		expect(findPlaceholder(line, undefined)).toBeUndefined()
	})

	it("accepts a placeholder-like line that the original already had", () => {
		expect(findPlaceholder("// rest of code unchanged\nx", "// rest of code unchanged\n")).toBeUndefined()
	})
})
