import { z } from "zod"
import { commandExitSchema } from "./clineMessage.js"

/**
 * Who ended a background command before it exited on its own: the person (the row's Stop), the
 * agent (stop_command), or the end of its task (completed, cancelled, closed or deleted).
 */
export const backgroundStopperSchema = z.enum(["person", "agent", "task"])
export type BackgroundStopper = z.infer<typeof backgroundStopperSchema>

/**
 * `background_command` say: a command that runs on while the task goes on, updated in place as
 * it prints (the newest output only, `output`) and when it ends (`exit`, and `stoppedBy` when it
 * was stopped). `id` is what the agent's read_command_output and stop_command name it by, and
 * what the row's Stop sends (`stopBackgroundCommand`).
 */
export const backgroundCommandRowSchema = z.object({
	id: z.string(),
	command: z.string(),
	cwd: z.string().optional(),
	state: z.enum(["running", "ended"]),
	output: z.string(),
	exit: commandExitSchema.optional(),
	stoppedBy: backgroundStopperSchema.optional(),
})
export type BackgroundCommandRow = z.infer<typeof backgroundCommandRowSchema>
