import { describe, expect, it } from "vitest"
import { maxCommandFileLength, parseCommandFile } from "./commandFile.js"
import { commandFileProblem } from "./commandFileProblems.js"

describe("parseCommandFile", () => {
	it("reads the description and argument hint from the front matter, and the rest as the prompt", () => {
		const text =
			"---\ndescription: Review a change\nargument-hint: <file>\n---\nReview $ARGUMENTS.\n\nBe brief.\n"
		expect(parseCommandFile(text)).toEqual({
			description: "Review a change",
			argumentHint: "<file>",
			body: "Review $ARGUMENTS.\n\nBe brief.",
		})
	})

	it("takes argument_hint for argument-hint, and Windows line ends and a byte-order mark", () => {
		const text =
			"\uFEFF---\r\ndescription: Test\r\nargument_hint: '[pattern]'\r\n---\r\nRun the tests.\r\n"
		expect(parseCommandFile(text)).toEqual({
			description: "Test",
			argumentHint: "[pattern]",
			body: "Run the tests.",
		})
	})

	it("takes a file without front matter as all prompt", () => {
		expect(parseCommandFile("Explain this code.\n")).toEqual({
			description: "",
			body: "Explain this code.",
		})
		expect(parseCommandFile("---\n---\nOnly a prompt.")).toEqual({
			description: "",
			body: "Only a prompt.",
		})
	})

	it("says precisely what is wrong with a bad file, as a kind and its parameters", () => {
		const problems: [string, unknown][] = [
			["---\ndescription: x\nPrompt", { kind: "front_matter_unclosed", params: {} }],
			[
				"---\ndescription: [unclosed\n---\nPrompt",
				{ kind: "front_matter_not_yaml", params: { said: expect.any(String) } },
			],
			["---\n- a list\n---\nPrompt", { kind: "front_matter_not_mapping", params: {} }],
			["---\ndescripton: x\n---\nPrompt", { kind: "unknown_field", params: { names: ["descripton"] } }],
			[
				"---\ndescription: 3\n---\nPrompt",
				{ kind: "field_invalid", params: { field: "description", said: expect.any(String) } },
			],
			[
				`---\nargument-hint: ${"a".repeat(201)}\n---\nPrompt`,
				{ kind: "too_long", params: { field: "argument-hint", max: 200 } },
			],
			["---\nargument-hint: a\nargument_hint: b\n---\nPrompt", { kind: "hint_twice", params: {} }],
			["---\ndescription: Empty\n---\n\n", { kind: "no_prompt", params: {} }],
			[
				"x".repeat(maxCommandFileLength + 1),
				{ kind: "too_large", params: { max: maxCommandFileLength } },
			],
		]
		for (const [text, problem] of problems)
			expect(parseCommandFile(text), text.slice(0, 40)).toEqual({ problem })
	})

	it("keeps a line of English for the CLI and logs, naming the file", () => {
		const english = (text: string) => {
			const parsed = parseCommandFile(text)
			return "problem" in parsed ? commandFileProblem(".cairn/commands/x.md", parsed.problem).text : ""
		}
		expect(english("---\ndescripton: x\n---\nPrompt")).toBe(
			'.cairn/commands/x.md: unknown field "descripton" in the front matter (it holds description and argument-hint)',
		)
		expect(english(`---\ndescription: ${"a".repeat(301)}\n---\nPrompt`)).toBe(
			".cairn/commands/x.md: description is longer than 300 characters",
		)
		expect(english("---\ndescription: [unclosed\n---\nPrompt")).toMatch(
			/^\.cairn\/commands\/x\.md: the front matter is not valid YAML: \S/,
		)
	})
})
