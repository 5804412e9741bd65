import { z } from "zod"

/**
 * Where an Agent Skill's folder was found, in the order a name is looked up: Cairn's own
 * (the workspace's `.cairn/skills`, then the person's skills folder in Cairn's settings) before
 * other tools' (`.agents/skills`, `.claude/skills`, `.roo/skills`), so Cairn's own wins a name.
 */
export const skillSources = ["cairn", "global", "agents", "claude", "roo"] as const
export const skillSourceSchema = z.enum(skillSources)
export type SkillSource = z.infer<typeof skillSourceSchema>

/**
 * The Agent Skills format's rule for a name: lowercase letters, digits and single hyphens, at
 * most 64 characters, the same as its folder's name. Also what keeps a name safe in a setting.
 */
export const skillNamePattern = /^[a-z0-9]+(-[a-z0-9]+)*$/
export const skillNameSchema = z.string().max(64).regex(skillNamePattern)

/** A skill as the Skills view and `cairn skills list` show it. */
export const skillSummarySchema = z.object({
	name: skillNameSchema,
	description: z.string(),
	source: skillSourceSchema,
	/** The skill's folder: workspace-relative, or `~`-style for the person's own. */
	folder: z.string(),
	/** Off when the person turned it off (`disabledSkills`) or another source's skill has its name. */
	enabled: z.boolean(),
	/** The source whose skill of the same name is used instead of this one. */
	shadowedBy: skillSourceSchema.optional(),
})
export type SkillSummary = z.infer<typeof skillSummarySchema>
