import { describe, expect, it } from "vitest"
import { convertResource, convertToolResult, maxResultChars } from "./callResult.js"

const png = "iVBORw0KGgo".repeat(100)

describe("convertToolResult", () => {
	it("passes text, and images as image blocks where the model takes them, naming them in the row", () => {
		const result = convertToolResult(
			{
				content: [
					{ type: "text", text: "Here:" },
					{ type: "image", data: png, mimeType: "image/png" },
				],
			},
			true,
		)
		expect(result.content).toEqual([
			{ type: "text", text: "Here:" },
			{ type: "image", mediaType: "image/png", data: png },
		])
		expect(result.rowText).toBe("Here:\n[image image/png, 825 B]")
		expect(result.isError).toBe(false)
	})

	it("describes images to a model that does not take them", () => {
		const result = convertToolResult(
			{ content: [{ type: "image", data: png, mimeType: "image/png" }] },
			false,
		)
		expect(result.content).toEqual([
			{ type: "text", text: "[image image/png, 825 B] not shown: the model does not take images." },
		])
	})

	it("puts embedded text resources inline, and describes blobs and links", () => {
		const result = convertToolResult(
			{
				content: [
					{
						type: "resource",
						resource: { uri: "demo://a", mimeType: "text/plain", text: "alpha" },
					},
					{ type: "resource", resource: { uri: "demo://b", blob: "AAAA" } },
					{ type: "resource_link", uri: "demo://c", name: "c", mimeType: "text/plain" },
				],
			},
			true,
		)
		expect(result.content.map((b) => (b.type === "text" ? b.text : b.type))).toEqual([
			"[Resource demo://a (text/plain)]\nalpha",
			"[Resource demo://b] binary content, 3 B, not shown.",
			"[Resource link c: demo://c (text/plain)]",
		])
	})

	it("an isError result is an error for the model, and the row starts with Error:", () => {
		const result = convertToolResult(
			{ content: [{ type: "text", text: "no such file" }], isError: true },
			true,
		)
		expect(result.isError).toBe(true)
		expect(result.rowText).toBe("Error: no such file")
	})

	it("falls back to structured content (compact JSON), then to saying there was none", () => {
		const structured = { sum: 3, parts: [1, 2] }
		expect(convertToolResult({ content: [], structuredContent: structured }, true).content).toEqual([
			{ type: "text", text: '{"sum":3,"parts":[1,2]}' },
		])
		expect(convertToolResult({ content: [] }, true).rowText).toBe("(no content)")
	})

	it("cuts huge text before it reaches the context, and says how much was left out", () => {
		const result = convertToolResult(
			{ content: [{ type: "text", text: "x".repeat(maxResultChars + 500) }] },
			true,
		)
		expect(result.content).toEqual([
			{ type: "text", text: "x".repeat(maxResultChars) },
			{ type: "text", text: "[The result was cut: 500 more characters were left out.]" },
		])
		expect(result.rowText.length).toBeLessThan(21_000)
	})
})

describe("convertResource", () => {
	it("shows each content of a resource", () => {
		expect(
			convertResource({ contents: [{ uri: "demo://r/1", mimeType: "text/plain", text: "hello" }] })
				.content,
		).toEqual([{ type: "text", text: "[Resource demo://r/1 (text/plain)]\nhello" }])
	})
})
