import { z } from "zod"

/** What an import brings over from another tool, one line per thing. */
export const importItemKinds = [
	"profile",
	"apiKey",
	"autoApproval",
	"allowedCommand",
	"deniedCommand",
	"customInstructions",
	"mode",
	/** The profile a mode uses (Roo's `modeApiConfigs`), named `<mode>: <profile>`. */
	"modeProfile",
	"task",
	"readRule",
] as const
export const importItemKindSchema = z.enum(importItemKinds)
export type ImportItemKind = z.infer<typeof importItemKindSchema>

/**
 * Why something was not imported, as a kind (each client words it in its language) and, for
 * `invalid`, what the file said (the validator's words; never a key).
 */
export const importSkipReasons = [
	/** Already in Cairn from an earlier import (same stable id) or the same value is there. */
	"already_there",
	/** A provider Cairn does not speak. */
	"unsupported_provider",
	/** The profile names no model. */
	"no_model",
	/** The entry does not pass validation; `detail` says how. */
	"invalid",
	/** A rule kind Cairn has no place for. */
	"unsupported_rule",
	/** The task folder holds no conversation Cairn can read. */
	"empty_task",
] as const
export const importSkipReasonSchema = z.enum(importSkipReasons)
export type ImportSkipReason = z.infer<typeof importSkipReasonSchema>

export const importLineSchema = z.object({
	kind: importItemKindSchema,
	/** The thing's name as the other tool calls it (a profile's name, a command, a task's first words). */
	name: z.string(),
	/** Absent: imported. */
	skipped: importSkipReasonSchema.optional(),
	detail: z.string().optional(),
})
export type ImportLine = z.infer<typeof importLineSchema>

export const importSourceSchema = z.enum(["rooSettings", "rooTasks", "claudePermissions"])
export type ImportSource = z.infer<typeof importSourceSchema>

/** What one import did: every line imported or skipped, in the order it was read. */
export const importReportSchema = z.object({
	source: importSourceSchema,
	/** The file or folder read. */
	from: z.string(),
	lines: z.array(importLineSchema),
	/** Nothing was changed yet: the lines say what importing would do (the person confirms first). */
	preview: z.literal(true).optional(),
})
export type ImportReport = z.infer<typeof importReportSchema>
