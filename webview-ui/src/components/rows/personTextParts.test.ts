import { describe, expect, it } from "vitest"
import { personTextParts } from "./personTextParts"

describe("personTextParts", () => {
	it("keeps a message without fences as the person's words", () => {
		expect(personTextParts("Rename greet\n\nin src/a.ts")).toEqual([
			{ kind: "words", text: "Rename greet\n\nin src/a.ts" },
		])
	})

	it("takes an editor action's fenced selection out as code with its language", () => {
		const text =
			"Explain this:\n\nsrc/a.ts (lines 1-2):\n```ts\nconst a = 1\nconst b = `x`\n```\n\nProblems: none"
		expect(personTextParts(text)).toEqual([
			{ kind: "words", text: "Explain this:\n\nsrc/a.ts (lines 1-2):" },
			{ kind: "code", code: "const a = 1\nconst b = `x`", language: "ts" },
			{ kind: "words", text: "Problems: none" },
		])
	})

	it("reads blocks without a language, with tildes, longer fences and empty blocks", () => {
		expect(
			personTextParts("```\nplain\n```\n~~~py\nx = 1\n~~~\n````md\n```\ninner\n```\n````\n```\n```"),
		).toEqual([
			{ kind: "code", code: "plain" },
			{ kind: "code", code: "x = 1", language: "py" },
			{ kind: "code", code: "```\ninner\n```", language: "md" },
			{ kind: "code", code: "" },
		])
	})

	it("leaves an unclosed fence and inline backticks as words", () => {
		expect(personTextParts("Use `npm test`\n```ts\nconst a = 1")).toEqual([
			{ kind: "words", text: "Use `npm test`\n```ts\nconst a = 1" },
		])
	})
})
