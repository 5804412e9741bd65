import type { ModeView, ModesSnapshot } from "@cairn/types"

// Modes as the host lists them, for tests of the picker and the Modes view.

export const codeMode: ModeView = {
	slug: "code",
	name: "Code",
	roleDefinition: "You are Cairn, an engineer.",
	whenToUse: "Writing code.",
	groups: [{ group: "read" }, { group: "edit" }, { group: "command" }],
	source: "builtin",
}

export const askMode: ModeView = {
	slug: "ask",
	name: "Ask",
	roleDefinition: "You are Cairn, an assistant.",
	whenToUse: "Answering questions without changing anything.",
	groups: [{ group: "read" }],
	source: "builtin",
}

export const reviewerMode: ModeView = {
	slug: "reviewer",
	name: "Reviewer",
	roleDefinition: "You review changes.",
	whenToUse: "Reviewing a change.",
	groups: [
		{ group: "read" },
		{ group: "edit", restriction: { fileRegex: "\\.md$", description: "Markdown files" } },
	],
	customInstructions: "Quote the line.",
	source: "project",
}

export const modesSnapshot = (problems: string[] = []): ModesSnapshot => ({
	modes: [codeMode, askMode, reviewerMode],
	problems,
})
