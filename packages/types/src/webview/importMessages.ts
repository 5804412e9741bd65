import { z } from "zod"
import { importReportSchema } from "../imports/importReport.js"

/**
 * Client -> host: import from another tool. The host asks the person for the file or folder
 * (its own picker); `tasks` without a folder picks up Roo's storage on this machine.
 */
export const importRequestSchemas = [
	z.object({ type: z.literal("importFromRoo"), what: z.enum(["settings", "tasks"]) }),
	/**
	 * The command rules of the workspace's `.claude/settings.json`: without `apply` the host only
	 * answers with what it would add (a preview report); with it, it adds them.
	 */
	z.object({ type: z.literal("importClaudeRules"), apply: z.boolean() }),
] as const

/** Host -> client: what the import did, or why it could not start (the error message). */
export const importAnswerSchemas = [
	z.object({ type: z.literal("importReport"), report: importReportSchema }),
] as const
