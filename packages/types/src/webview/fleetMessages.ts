import { z } from "zod"

/**
 * A fleet task's id (a task file's, a record's, a client's): it names its result record, its
 * worktree and its branch (`cairn/<id>`), so it is what a worktree's name may be: one safe path
 * segment, nothing that could climb out of the results folder. Unique within a task file.
 */
export const fleetTaskIdSchema = z
	.string()
	.regex(
		/^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/,
		"an id is 1-63 letters, digits, '_' or '-', starting with a letter or digit",
	)
/** A results folder as a client names it: one the host showed it (the host checks which). */
const resultsFolderSchema = z.string().min(1).max(4096)

/**
 * Client -> host: a fleet run's report (`cairn run --results <folder>`). Without `folder` the
 * host asks the person for one (the editor's folder dialog); with it, it must be one of the
 * recent folders the host named (`fleetRecentRuns`): a client never picks a folder to read.
 */
export const fleetRequestSchemas = [
	z.object({ type: z.literal("requestFleetRecentRuns") }),
	z.object({ type: z.literal("openFleetReport"), folder: resultsFolderSchema.optional() }),
	/** Show a task's branch against its base in the editor's diff view (the workspace's repository). */
	z.object({ type: z.literal("showFleetTaskDiff"), folder: resultsFolderSchema, id: fleetTaskIdSchema }),
	/** Open a task's record file in the editor. */
	z.object({ type: z.literal("openFleetTaskRecord"), folder: resultsFolderSchema, id: fleetTaskIdSchema }),
] as const

const fleetCheckRowSchema = z.object({
	command: z.string(),
	state: z.enum(["passed", "failed"]),
	durationMs: z.number(),
	/** The end of its output (shortened for the report). */
	tail: z.string(),
})

/** One task of the report: its record's figures, as the core read them. */
export const fleetReportRowSchema = z.object({
	id: z.string(),
	state: z.enum(["running", "passed", "failed"]),
	attempt: z.number(),
	branch: z.string().optional(),
	commit: z.string().optional(),
	changes: z.object({ files: z.number(), added: z.number(), removed: z.number() }).optional(),
	cost: z.number().optional(),
	durationMs: z.number().optional(),
	checksPassed: z.number(),
	checksFailed: z.number(),
	checks: z.array(fleetCheckRowSchema),
	reason: z.string().optional(),
	error: z.string().optional(),
	/** Its branch and commit can be shown as a diff (both are there and are plain git names). */
	hasDiff: z.boolean(),
})
export type FleetReportRow = z.infer<typeof fleetReportRowSchema>

/** What `cairn results` says of a run (the core's summary), and a row per task. */
export const fleetReportSchema = z.object({
	folder: z.string(),
	summary: z.object({
		tasks: z.number(),
		passed: z.number(),
		failed: z.number(),
		running: z.number(),
		cost: z.number(),
		taskTimeMs: z.number(),
		wallTimeMs: z.number(),
		slowest: z.array(
			z.object({
				id: z.string(),
				state: z.enum(["running", "passed", "failed"]),
				durationMs: z.number().optional(),
				cost: z.number().optional(),
			}),
		),
	}),
	rows: z.array(fleetReportRowSchema),
	/** Files of the folder that are not records (damaged, of another shape, links, too big), with why. */
	unreadable: z.array(z.object({ file: z.string(), error: z.string() })),
	/** Record files past the number read from one folder. */
	notRead: z.number(),
})
export type FleetReport = z.infer<typeof fleetReportSchema>

/** Host -> client: the fleet run reports. */
export const fleetAnswerSchemas = [
	/** The results folders opened last, newest first. */
	z.object({ type: z.literal("fleetRecentRuns"), folders: z.array(z.string()) }),
	z.object({ type: z.literal("fleetReport"), report: fleetReportSchema }),
] as const
