import { z } from "zod"

/**
 * Where the workspace's codebase index stands, for the Settings view:
 * - `off`: indexing is turned off (codebase_search is not offered);
 * - `unconfigured`: on, but no embedding model is chosen yet;
 * - `indexing`: a run is looking at files and embedding the changed ones;
 * - `ready`: the last run finished, the index is up to date;
 * - `stopped`: the last run was cancelled (what it embedded is kept; starting again resumes);
 * - `failed`: the last run failed, `error` says why.
 */
export const codebaseIndexStates = ["off", "unconfigured", "indexing", "ready", "stopped", "failed"] as const
export type CodebaseIndexState = (typeof codebaseIndexStates)[number]

export const codebaseIndexStatusSchema = z.object({
	state: z.enum(codebaseIndexStates),
	/** Files looked at so far in the current (or last) run, out of `totalFiles`. */
	processedFiles: z.number().int().nonnegative(),
	totalFiles: z.number().int().nonnegative(),
	/** An index exists to search, so the tool is offered (it may still be catching up). */
	searchable: z.boolean(),
	/** The index has an API key of its own; without one it uses the provider's chat key. */
	hasOwnKey: z.boolean(),
	error: z.string().optional(),
})
export type CodebaseIndexStatus = z.infer<typeof codebaseIndexStatusSchema>

/** Client -> host: the index's status, starting or stopping a run, and its own API key. */
export const codebaseIndexRequestSchemas = [
	/** The host answers with `codebaseIndexStatus`, and sends one whenever the status changes. */
	z.object({ type: z.literal("requestCodebaseIndexStatus") }),
	/** `start` brings the index up to date now (resuming a stopped run); `stop` cancels the running one. */
	z.object({ type: z.literal("codebaseIndexControl"), action: z.enum(["start", "stop"]) }),
	/** Stores (or, without `apiKey`, deletes) the embedding provider's key in the host's secret storage. */
	z.object({ type: z.literal("updateCodebaseIndexKey"), apiKey: z.string().min(1).max(10_000).optional() }),
] as const

/** Host -> client. */
export const codebaseIndexAnswerSchemas = [
	z.object({ type: z.literal("codebaseIndexStatus"), status: codebaseIndexStatusSchema }),
] as const
