import type { CommandExitInfo, ToolOutcome } from "./clineMessage.js"

/** The words every client shows for how a tool call ended. */
export const outcomeLabels: Record<ToolOutcome, string> = {
	approved: "approved",
	auto_approved: "auto-approved",
	rejected: "rejected",
	failed: "failed",
	cancelled: "cancelled",
	interrupted: "cut off",
	skipped: "not run",
}

/** Whether the call did what it proposed (or has not been decided yet). */
export function ranAsProposed(outcome: ToolOutcome | undefined): boolean {
	return outcome === undefined || outcome === "approved" || outcome === "auto_approved"
}

/** How a command ended: its exit code, or why it has none. */
export function exitText(exit: CommandExitInfo): string {
	if (exit.proceeded === true) return "still running"
	if (exit.stopped === true) return "stopped"
	if (exit.timedOut === true) return "timed out"
	if (exit.exitCode !== undefined) return `exit ${exit.exitCode}`
	if (exit.signal !== undefined) return `ended by ${exit.signal}`
	return "ended"
}
