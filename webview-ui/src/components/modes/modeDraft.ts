import {
	customModeSchema,
	toolGroupNames,
	type CustomMode,
	type CustomModeInput,
	type ModeView,
	type ToolGroupName,
} from "@cairn/types"
import type { ModesFile } from "../../state/modeActions"

/** The Modes form's fields, as the person types them. */
export interface ModeDraft {
	source: ModesFile
	slug: string
	name: string
	roleDefinition: string
	whenToUse: string
	groups: Record<ToolGroupName, boolean>
	/** Limits the edit group to matching files when not empty. */
	fileRegex: string
	fileDescription: string
	customInstructions: string
}

export const groupDescriptions: Record<ToolGroupName, string> = {
	read: "Read files, list and search them",
	edit: "Write and change files",
	command: "Run commands",
	mcp: "Use MCP servers' tools and resources",
	browser: "Use a browser",
	modes: "Switch modes and start subtasks",
}

export function emptyDraft(): ModeDraft {
	return {
		source: "global",
		slug: "",
		name: "",
		roleDefinition: "",
		whenToUse: "",
		groups: { read: true, edit: false, command: false, mcp: false, browser: false, modes: false },
		fileRegex: "",
		fileDescription: "",
		customInstructions: "",
	}
}

/** A draft of an existing mode; a built-in one becomes a mode of the person's own that replaces it. */
export function draftOf(mode: ModeView): ModeDraft {
	const edit = mode.groups.find((entry) => entry.group === "edit")
	return {
		source: mode.source === "project" ? "project" : "global",
		slug: mode.slug,
		name: mode.name,
		roleDefinition: mode.roleDefinition,
		whenToUse: mode.whenToUse,
		groups: Object.fromEntries(
			toolGroupNames.map((group) => [group, mode.groups.some((entry) => entry.group === group)]),
		) as Record<ToolGroupName, boolean>,
		fileRegex: edit?.restriction?.fileRegex ?? "",
		fileDescription: edit?.restriction?.description ?? "",
		customInstructions: mode.customInstructions ?? "",
	}
}

/** The draft as a modes file would hold it. */
function inputOf(draft: ModeDraft): CustomModeInput {
	const fileRegex = draft.fileRegex.trim()
	const description = draft.fileDescription.trim()
	return {
		slug: draft.slug.trim(),
		name: draft.name,
		roleDefinition: draft.roleDefinition,
		whenToUse: draft.whenToUse,
		groups: toolGroupNames
			.filter((group) => draft.groups[group])
			.map((group) =>
				group === "edit" && fileRegex !== ""
					? { group, fileRegex, ...(description !== "" && { description }) }
					: group,
			),
		...(draft.customInstructions.trim() !== "" && { customInstructions: draft.customInstructions }),
	}
}

/** The mode the draft describes, or one line per problem, named by field (the host checks it again). */
export function checkDraft(
	draft: ModeDraft,
): { ok: true; mode: CustomMode } | { ok: false; problems: string[] } {
	const parsed = customModeSchema.safeParse(inputOf(draft))
	if (parsed.success) return { ok: true, mode: parsed.data }
	return {
		ok: false,
		problems: parsed.error.issues.map((issue) => {
			const field =
				issue.path[0] === "groups"
					? issue.path.at(-1) === "fileRegex"
						? "File pattern"
						: "Groups"
					: String(issue.path[0] ?? "Mode")
			return `${field}: ${issue.message}`
		}),
	}
}
