import { z } from "zod"

/**
 * What `.cairn/worktree.json` did for a new worktree, kept with it so the board can say it:
 * - `none`: the repository has no such file;
 * - `invalid`: the file could not be read or has bad fields (`message` names them);
 * - `notAllowed`: the person did not agree to it (or nobody could be asked), so nothing of it ran;
 * - `done`: files copied, folders linked and the setup command (if any) exited 0;
 * - `failed`: copying, linking or the setup command went wrong; the worktree is there all the same.
 */
export const setupReportSchema = z.object({
	outcome: z.enum(["none", "invalid", "notAllowed", "done", "failed"]),
	/** One line for the person: why it was invalid, not allowed or failed. */
	message: z.string().optional(),
	/** Repository-relative paths copied from the main work tree, and folders linked to it. */
	copied: z.array(z.string()),
	linked: z.array(z.string()),
	/** Entries not copied or linked, each with why. */
	skipped: z.array(z.string()),
	command: z
		.object({
			command: z.string(),
			/** Undefined when it was killed or the runner could not tell. */
			exitCode: z.number().int().optional(),
			/** The end of what it printed. */
			output: z.string(),
		})
		.optional(),
})
export type SetupReport = z.infer<typeof setupReportSchema>

/** How much of a setup command's output is kept: its end, where the error usually is. */
export const keptOutputChars = 8_000

export const outputTail = (output: string): string =>
	output.length <= keptOutputChars ? output : `…${output.slice(-keptOutputChars)}`
