import {
	customModeSchema,
	modeIssueMeaning,
	type ModeIssueMeaning,
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

/**
 * Where a problem is: a part of the form it names in words (the file pattern, the groups, the
 * whole mode), or the modes file's own key for a field.
 */
export type ProblemPlace = { label: "filePattern" | "groups" | "mode" } | { key: string }

export interface DraftProblem extends ModeIssueMeaning {
	place: ProblemPlace
}

/** The mode the draft describes, or its problems, each with its field (the host checks it again). */
export function checkDraft(
	draft: ModeDraft,
): { ok: true; mode: CustomMode } | { ok: false; problems: DraftProblem[] } {
	const input = inputOf(draft)
	const parsed = customModeSchema.safeParse(input)
	if (parsed.success) return { ok: true, mode: parsed.data }
	return {
		ok: false,
		problems: parsed.error.issues.map((issue) => {
			const key = issue.path[0]
			const place: ProblemPlace =
				key === "groups"
					? { label: issue.path.at(-1) === "fileRegex" ? "filePattern" : "groups" }
					: key === undefined
						? { label: "mode" }
						: { key: String(key) }
			return { place, ...modeIssueMeaning(input, issue) }
		}),
	}
}
