import { useTranslation } from "react-i18next"
import type { CommandExitInfo, ToolOutcome } from "@cairn/types"
import type { TFunction } from "i18next"
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
	const { t } = useTranslation("rows")
	if (outcome === undefined) return null
	return <Badge text={t(`outcome.${outcome}`)} tone={tones[outcome]} />
}

/** How a command ended: green for exit 0, red for a failure, muted while it still runs. */
export function ExitBadge({ exit }: { exit: CommandExitInfo | undefined }) {
	const { t } = useTranslation("rows")
	if (exit === undefined) return null
	const tone: BadgeTone = exit.exitCode === 0 ? "success" : exit.proceeded === true ? "muted" : "error"
	return <Badge text={exitText(exit, t)} tone={tone} />
}

/** How a command ended: its exit code, or why it has none. */
function exitText(exit: CommandExitInfo, t: TFunction<"rows">): string {
	if (exit.proceeded === true) return t("exit.stillRunning")
	if (exit.stopped === true) return t("exit.stopped")
	if (exit.timedOut === true) return t("exit.timedOut")
	if (exit.exitCode !== undefined) return t("exit.code", { code: exit.exitCode })
	if (exit.signal !== undefined) return t("exit.signal", { signal: exit.signal })
	return t("exit.ended")
}
