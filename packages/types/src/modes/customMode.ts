import { z } from "zod"
import { fileRegexProblem } from "./fileRegex.js"
import { modesFileProblemSchema } from "./modesFileProblem.js"

/** The named families of tools a mode is built from (the tools of each are core's business). */
export const toolGroupNames = ["read", "edit", "command", "mcp", "browser", "modes"] as const
export type ToolGroupName = (typeof toolGroupNames)[number]

export const toolGroupSchema = z.enum(toolGroupNames, {
	error: (issue) =>
		`unknown group ${JSON.stringify(issue.input)}; expected one of ${toolGroupNames.join(", ")}`,
})

/** A mode's slug names it in settings, task history, `--mode` and `.cairn/rules-<slug>/`. */
export const modeSlugSchema = z
	.string()
	.max(64, "a slug is at most 64 characters")
	.regex(
		/^[a-z0-9]+(-[a-z0-9]+)*$/,
		"a slug is lowercase letters, digits and single dashes, like docs-writer",
	)

const fileRestrictionSchema = z.object({
	fileRegex: z.string(),
	description: z.string().trim().min(1).max(200),
})

/** A group as a mode holds it: the edit group may be limited to some files. */
export const groupEntrySchema = z.object({
	group: toolGroupSchema,
	restriction: fileRestrictionSchema.optional(),
})
export type GroupEntryView = z.infer<typeof groupEntrySchema>

/**
 * A group as a modes file writes it: its name, or `{ group: edit, fileRegex, description }` to
 * let the edit tools change only the matching files.
 */
const fileGroupEntrySchema = z
	.preprocess(
		(value) => (typeof value === "string" ? { group: value } : value),
		z
			.object({
				group: toolGroupSchema,
				fileRegex: z.string().optional(),
				description: z.string().trim().min(1).max(200).optional(),
			})
			.strict(),
	)
	.superRefine((entry, context) => {
		if (entry.fileRegex === undefined) {
			if (entry.description !== undefined)
				context.addIssue({
					code: "custom",
					path: ["description"],
					message: "a description needs a fileRegex",
					params: { kind: "description_needs_regex" },
				})
			return
		}
		if (entry.group !== "edit")
			context.addIssue({
				code: "custom",
				path: ["fileRegex"],
				message: `only the edit group takes a fileRegex, not ${entry.group}`,
				params: { kind: "regex_only_edit", group: entry.group },
			})
		const problem = fileRegexProblem(entry.fileRegex)
		if (problem !== undefined)
			context.addIssue({
				code: "custom",
				path: ["fileRegex"],
				message: problem,
				params: { kind: "regex_unusable", said: problem },
			})
	})
	.transform((entry): GroupEntryView =>
		entry.fileRegex === undefined
			? { group: entry.group }
			: {
					group: entry.group,
					restriction: {
						fileRegex: entry.fileRegex,
						description: entry.description ?? `files matching ${entry.fileRegex}`,
					},
				},
	)

/** One custom mode as a modes file (`.cairn/modes.yaml`, the global one) or a client gives it. */
export const customModeSchema = z
	.object({
		slug: modeSlugSchema,
		name: z.string().trim().min(1, "is empty").max(100),
		/** Who the agent is in this mode; it opens the system prompt. */
		roleDefinition: z.string().trim().min(1, "is empty").max(20_000),
		/** One line that tells the person and the model when to pick this mode. */
		whenToUse: z.string().trim().min(1, "is empty").max(1_000),
		groups: z
			.array(fileGroupEntrySchema)
			.max(toolGroupNames.length)
			.superRefine((groups, context) => {
				const seen = new Set<string>()
				groups.forEach((entry, index) => {
					if (seen.has(entry.group))
						context.addIssue({
							code: "custom",
							path: [index],
							message: `group ${entry.group} is listed twice`,
							params: { kind: "group_twice", group: entry.group },
						})
					seen.add(entry.group)
				})
			}),
		/** Added to the system prompt in this mode only. */
		customInstructions: z.string().max(50_000).optional(),
	})
	.strict()
/** A custom mode as written in a file. */
export type CustomModeInput = z.input<typeof customModeSchema>
export type CustomMode = z.output<typeof customModeSchema>

/** A custom mode as a file writes it back: groups by name, a restricted edit group as an object. */
export function customModeInput(mode: CustomMode): CustomModeInput {
	return {
		slug: mode.slug,
		name: mode.name,
		roleDefinition: mode.roleDefinition,
		whenToUse: mode.whenToUse,
		groups: mode.groups.map((entry) =>
			entry.restriction === undefined ? entry.group : { group: entry.group, ...entry.restriction },
		),
		...(mode.customInstructions !== undefined && { customInstructions: mode.customInstructions }),
	}
}

/** Where a mode comes from: Cairn itself, the person's own modes file, or the workspace's `.cairn/modes.yaml`. */
export const modeSourceSchema = z.enum(["builtin", "global", "project"])
export type ModeSource = z.infer<typeof modeSourceSchema>

/** A mode as clients list it. */
export const modeViewSchema = z.object({
	slug: z.string(),
	name: z.string(),
	roleDefinition: z.string(),
	whenToUse: z.string(),
	groups: z.array(groupEntrySchema),
	customInstructions: z.string().optional(),
	source: modeSourceSchema,
	/** The source of a mode of the same slug that this one hides. */
	overrides: modeSourceSchema.optional(),
	/**
	 * Another tool's file in the workspace the mode is read from (`.roomodes`): a project mode,
	 * changed in that file, not through Cairn.
	 */
	fromFile: z.string().optional(),
	/** Other tools' files whose mode of this slug this one hides: Cairn's own files win. */
	shadows: z.array(z.string()).optional(),
})
export type ModeView = z.infer<typeof modeViewSchema>

/** Every mode there is, and why any mode of a modes file was left out. */
export const modesSnapshotSchema = z.object({
	modes: z.array(modeViewSchema),
	/** Why a modes file or a mode in it was left out, each naming the file and the field. */
	problems: z.array(modesFileProblemSchema),
	/** The person's own modes file. */
	globalFile: z.string().optional(),
	/** The workspace's modes file. */
	projectFile: z.string().optional(),
})
export type ModesSnapshot = z.infer<typeof modesSnapshotSchema>
