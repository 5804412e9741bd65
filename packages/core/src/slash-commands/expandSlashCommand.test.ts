import { describe, expect, it } from "vitest"
import { builtInCommandViews } from "./builtInCommands.js"
import { SlashCommandCatalog, type CustomSlashCommand } from "./commandCatalog.js"
import { expandCustomCommand, interpretPersonText } from "./expandSlashCommand.js"

const review: CustomSlashCommand = {
	name: "review",
	description: "Review",
	source: "project",
	file: ".cairn/commands/review.md",
	body: "Review $ARGUMENTS for bugs.\nThen list what $ARGUMENTS still needs.",
}
const explain: CustomSlashCommand = {
	name: "explain",
	description: "",
	source: "global",
	file: '/home/ada/.cairn/settings/commands/"explain".md',
	body: "Explain the code.",
}
const catalog = new SlashCommandCatalog(builtInCommandViews(["code"]), [review, explain], [])

describe("expandCustomCommand", () => {
	it("puts what follows the name where the prompt says $ARGUMENTS", () => {
		expect(expandCustomCommand(review, "src/app.ts")).toBe(
			'<command name="review" source=".cairn/commands/review.md">\n' +
				"Review src/app.ts for bugs.\nThen list what src/app.ts still needs.\n</command>",
		)
	})

	it("appends what follows the name when the prompt has no $ARGUMENTS", () => {
		expect(expandCustomCommand(explain, "the parser, briefly")).toBe(
			'<command name="explain" source="/home/ada/.cairn/settings/commands/&quot;explain&quot;.md">\n' +
				"Explain the code.\n</command>\nthe parser, briefly",
		)
	})

	it("with nothing after the name, $ARGUMENTS becomes empty and nothing is appended", () => {
		expect(expandCustomCommand(explain, "")).toMatch(/Explain the code\.\n<\/command>$/)
		expect(expandCustomCommand(review, "")).toContain("Review  for bugs.")
	})

	it("puts the words typed where $1..$9 are, a word not typed as nothing, and appends nothing", () => {
		const component = { ...explain, name: "component", body: "Make $1 with $2 in $1.tsx; $3." }
		expect(expandCustomCommand(component, "Avatar  size,src")).toContain(
			"Make Avatar with size,src in Avatar.tsx; .\n</command>",
		)
	})

	it("never reads a placeholder in what it put in for another: `$1` typed stays `$1`", () => {
		const both = { ...explain, body: "All: $ARGUMENTS. First: $1." }
		expect(expandCustomCommand(both, "$2 $ARGUMENTS")).toContain("All: $2 $ARGUMENTS. First: $2.")
	})

	it("takes the person's text literally, `$&` and all", () => {
		expect(expandCustomCommand(review, "a$&b $1")).toContain("Review a$&b $1 for bugs.")
	})
})

describe("interpretPersonText", () => {
	it("expands a custom command", () => {
		expect(interpretPersonText("/review lib", catalog)).toEqual({
			kind: "message",
			text: expandCustomCommand(review, "lib"),
			command: "review",
		})
	})

	it("sends an unknown command, a path or plain text as typed", () => {
		for (const text of ["/nothing here", "/usr/bin/env node", "please /review this", "fix it"])
			expect(interpretPersonText(text, catalog)).toEqual({ kind: "message", text })
	})

	it("names a built-in command to act on, with what follows it", () => {
		expect(interpretPersonText("/new write the docs", catalog)).toEqual({
			kind: "builtIn",
			name: "new",
			args: "write the docs",
		})
		expect(interpretPersonText("/mode architect", catalog)).toEqual({
			kind: "builtIn",
			name: "mode",
			args: "architect",
		})
		expect(interpretPersonText("/condense", catalog)).toEqual({
			kind: "builtIn",
			name: "condense",
			args: "",
		})
	})

	it("without built-ins (feedback with a button), a built-in's name is text; custom commands still expand", () => {
		const feedbackOnly = { builtIns: false }
		expect(interpretPersonText("/condense", catalog, feedbackOnly)).toEqual({
			kind: "message",
			text: "/condense",
		})
		expect(interpretPersonText("/explain", catalog, feedbackOnly)).toMatchObject({ command: "explain" })
	})
})
