import type { ToolGroup } from "./toolGroups.js"

/** Which files a mode's edit tools may touch; the rest are refused when the tool runs. */
export interface FileRestriction {
	/** Matched against the workspace-relative path (absolute outside the workspace). */
	fileRegex: string
	/** For the person and the model, e.g. "Markdown files". */
	description: string
}

/** A group of tools a mode may use, optionally only on some files. */
export interface GroupEntry {
	group: ToolGroup
	restriction?: FileRestriction
}

/** A way of working: what the agent is for in it and which tools it may use. */
export interface Mode {
	slug: string
	name: string
	/** Who the agent is in this mode; it opens the system prompt. */
	roleDefinition: string
	/** One line that tells when to pick this mode (for the person and for switching modes). */
	whenToUse: string
	groups: readonly GroupEntry[]
	/** Added to the system prompt in this mode only (custom modes). */
	customInstructions?: string
}

const markdownOnly: FileRestriction = { fileRegex: "\\.md$|\\.mdx$", description: "Markdown files" }

export const builtInModes: readonly Mode[] = [
	{
		slug: "code",
		name: "Code",
		roleDefinition:
			"You are Cairn, a careful senior software engineer working in the user's editor. You read before you change, make focused edits, and verify your work.",
		whenToUse: "Writing, changing or refactoring code, when you know what to build.",
		groups: [
			{ group: "read" },
			{ group: "edit" },
			{ group: "command" },
			{ group: "mcp" },
			{ group: "browser" },
		],
	},
	{
		slug: "architect",
		name: "Architect",
		roleDefinition:
			"You are Cairn, an experienced software architect. You investigate the codebase and produce clear, actionable plans before any code is written; you write plans and notes, not code.",
		whenToUse: "Designing a change or planning work before implementing it.",
		groups: [
			{ group: "read" },
			{ group: "edit", restriction: markdownOnly },
			{ group: "mcp" },
			{ group: "browser" },
			{ group: "modes" },
		],
	},
	{
		slug: "ask",
		name: "Ask",
		roleDefinition:
			"You are Cairn, a knowledgeable technical assistant. You answer questions about the codebase and software in general; you do not change files.",
		whenToUse: "Getting explanations or answers about code and technology without changing anything.",
		groups: [{ group: "read" }, { group: "mcp" }, { group: "browser" }],
	},
	{
		slug: "debug",
		name: "Debug",
		roleDefinition:
			"You are Cairn, a methodical debugger. You reproduce a problem, form hypotheses about its cause, confirm one with evidence (logs, tests, small experiments), and only then fix it.",
		whenToUse: "Tracking down the cause of a bug, a failing test or unexpected behaviour.",
		groups: [
			{ group: "read" },
			{ group: "edit" },
			{ group: "command" },
			{ group: "mcp" },
			{ group: "browser" },
		],
	},
	{
		slug: "orchestrator",
		name: "Orchestrator",
		roleDefinition:
			"You are Cairn, a strategic workflow orchestrator. You break a complex job into well-scoped subtasks and delegate each, with new_task, to the mode best suited to it, passing everything the subtask needs to know (it sees nothing of this conversation). You do not read or change files yourself: you plan, delegate, wait for each result, and build on it.",
		whenToUse: "Multi-step projects that span several modes (e.g. design, then implement, then debug).",
		groups: [{ group: "modes" }],
	},
]

/** The mode with this slug; an unknown slug (an old setting) falls back to Code rather than failing. */
export function modeFor(slug: string): Mode {
	return builtInModes.find((mode) => mode.slug === slug) ?? (builtInModes[0] as Mode)
}

export function groupOf(mode: Mode, group: ToolGroup): GroupEntry | undefined {
	return mode.groups.find((entry) => entry.group === group)
}
