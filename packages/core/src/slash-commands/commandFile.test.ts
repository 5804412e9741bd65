import { describe, expect, it } from "vitest"
import { maxCommandFileLength, parseCommandFile } from "./commandFile.js"

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

	it("says precisely what is wrong with a bad file", () => {
		const problems: [string, string][] = [
			["---\ndescription: x\nPrompt", "the front matter has no closing --- line"],
			["---\ndescription: [unclosed\n---\nPrompt", "the front matter is not valid YAML"],
			[
				"---\n- a list\n---\nPrompt",
				"the front matter is not a mapping (it holds description and argument-hint)",
			],
			["---\ndescripton: x\n---\nPrompt", 'unknown field "descripton" in the front matter'],
			["---\ndescription: 3\n---\nPrompt", "description: "],
			[
				"---\nargument-hint: a\nargument_hint: b\n---\nPrompt",
				"argument-hint and argument_hint are the same field",
			],
			["---\ndescription: Empty\n---\n\n", "the file has no prompt"],
			[
				"x".repeat(maxCommandFileLength + 1),
				`the file is larger than ${maxCommandFileLength} characters`,
			],
		]
		for (const [text, problem] of problems) {
			const parsed = parseCommandFile(text)
			expect("problem" in parsed && parsed.problem, text.slice(0, 40)).toContain(problem)
		}
	})
})
