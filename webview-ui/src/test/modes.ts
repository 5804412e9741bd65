import type { ModeView, ModesSnapshot, ModesFileProblem } from "@cairn/types"

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

/** A modes file's problem as the host sends it (its English `text` is the host's; a stand-in here). */
export const modesFileProblem = (
	kind: ModesFileProblem["kind"],
	params: ModesFileProblem["params"] = {},
	field?: string,
): ModesFileProblem => ({
	file: ".cairn/modes.yaml",
	...(field !== undefined && { field }),
	kind,
	params,
	text: `.cairn/modes.yaml: ${field ?? ""}: ${kind}`,
})

export const modesSnapshot = (problems: ModesFileProblem[] = []): ModesSnapshot => ({
	modes: [codeMode, askMode, reviewerMode],
	problems,
})
