import { describe, expect, it } from "vitest"
import { commandElement, parseCommandMessage } from "./commandElement.js"

describe("the command element", () => {
	it("reads back what it wrote, with the text after it", () => {
		const element = commandElement("review", '/home/ada/"x"&<y>.md', "Review it.\n</command> in the body")
		expect(element).toBe(
			'<command name="review" source="/home/ada/&quot;x&quot;&amp;&lt;y>.md">\nReview it.\n</command> in the body\n</command>',
		)
		expect(parseCommandMessage(`${element}\nsrc/app.ts`)).toEqual({
			name: "review",
			source: '/home/ada/"x"&<y>.md',
			body: "Review it.\n</command> in the body",
			after: "src/app.ts",
		})
		expect(parseCommandMessage(element)).toMatchObject({ after: "" })
	})

	it("is not found in other text", () => {
		for (const text of [
			"review it",
			'x <command name="a" source="b">\nc\n</command>',
			"<command>\nx\n</command>",
		])
			expect(parseCommandMessage(text)).toBeUndefined()
	})
})
