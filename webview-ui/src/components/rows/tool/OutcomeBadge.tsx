import { exitText, outcomeLabels, type CommandExitInfo, type ToolOutcome } from "@cairn/types"
import { Badge, type BadgeTone } from "../Badge"

const tones: Record<ToolOutcome, BadgeTone> = {
	approved: "success",
	auto_approved: "muted",
	rejected: "error",
	failed: "error",
	cancelled: "muted",
	interrupted: "warning",
	skipped: "muted",
}

/** How a tool call ended, as the row's header says it. */
export function OutcomeBadge({ outcome }: { outcome: ToolOutcome | undefined }) {
	if (outcome === undefined) return null
	return <Badge text={outcomeLabels[outcome]} tone={tones[outcome]} />
}

/** How a command ended: green for exit 0, red for a failure, muted while it still runs. */
export function ExitBadge({ exit }: { exit: CommandExitInfo | undefined }) {
	if (exit === undefined) return null
	const tone: BadgeTone = exit.exitCode === 0 ? "success" : exit.proceeded === true ? "muted" : "error"
	return <Badge text={exitText(exit)} tone={tone} />
}
