import type { CommandExitInfo, ToolOutcome } from "@cairn/types"
import { t } from "../i18n/cliI18n.js"

/** How a tool call ended, in the person's language ("approved", "rejected", ...). */
export function outcomeLabel(outcome: ToolOutcome): string {
	return t(`outcomes.${outcome}`)
}

/** How a command ended: its exit code, or why it has none. */
export function exitLabel(exit: CommandExitInfo): string {
	if (exit.proceeded === true) return t("exit.stillRunning")
	if (exit.stopped === true) return t("exit.stopped")
	if (exit.timedOut === true) return t("exit.timedOut")
	if (exit.exitCode !== undefined) return t("exit.code", { code: exit.exitCode })
	if (exit.signal !== undefined) return t("exit.signal", { signal: exit.signal })
	return t("exit.ended")
}
