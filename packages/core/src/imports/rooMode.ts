import { customModeSchema, type CustomMode } from "@cairn/types"
import { z } from "zod"

/** The fields of a Roo custom mode (its `.roomodes` / custom_modes.yaml shape, also in its settings export). */
const rooModeSchema = z.object({
	slug: z.string().max(64),
	name: z.string(),
	roleDefinition: z.string(),
	whenToUse: z.string().optional(),
	description: z.string().optional(),
	customInstructions: z.string().optional(),
	/** A group's name, or `[name, { fileRegex, description }]`. */
	groups: z.array(
		z.union([
			z.string(),
			z.tuple([
				z.string(),
				z.object({ fileRegex: z.string().optional(), description: z.string().optional() }),
			]),
		]),
	),
})

export type RooModeOutcome = { ok: true; mode: CustomMode } | { ok: false; slug: string; detail: string }

/**
 * A Roo custom mode as a Cairn one: the same slug in lowercase, `whenToUse` from its description
 * (or its name) when it has none, and an edit group limited by `fileRegex` as Cairn writes it.
 */
export function rooMode(raw: unknown): RooModeOutcome {
	const parsed = rooModeSchema.safeParse(raw)
	const slugOf = (value: unknown) =>
		typeof value === "object" && value !== null && "slug" in value ? String(value.slug) : "?"
	if (!parsed.success)
		return { ok: false, slug: slugOf(raw), detail: parsed.error.issues.map(issueText).join("; ") }
	const roo = parsed.data
	const groups = roo.groups.map((entry) => {
		const [group, options] = typeof entry === "string" ? [entry, undefined] : entry
		return options?.fileRegex === undefined
			? group
			: {
					group,
					fileRegex: options.fileRegex,
					...(options.description && { description: options.description }),
				}
	})
	const candidate = {
		slug: roo.slug.toLowerCase(),
		name: roo.name,
		roleDefinition: roo.roleDefinition,
		whenToUse: roo.whenToUse?.trim() || roo.description?.trim() || roo.name,
		groups,
		...(roo.customInstructions?.trim() && { customInstructions: roo.customInstructions }),
	}
	const checked = customModeSchema.safeParse(candidate)
	if (!checked.success)
		return { ok: false, slug: roo.slug, detail: checked.error.issues.map(issueText).join("; ") }
	return { ok: true, mode: checked.data }
}

const issueText = (issue: z.core.$ZodIssue) => `${issue.path.join(".") || "mode"}: ${issue.message}`
