import type { TaskOutcome } from "@cairn/core"
import { t } from "../i18n/cliI18n.js"

/** One line for stderr saying why the run did not complete; undefined when it did. */
export function outcomeMessage(outcome: TaskOutcome, taskId: string | undefined): string | undefined {
	const resume = taskId ? ` ${t("outcome.saved", { taskId })}` : ""
	switch (outcome.kind) {
		case "completed":
			return undefined
		case "failed":
			return `cairn: ${t("outcome.failed", { error: outcome.error })}`
		case "storageFailed":
			return `cairn: ${outcome.error}${taskId ? ` ${t("outcome.continueIt", { taskId })}` : ""}`
		case "locked":
			return `cairn: ${outcome.error}`
		case "needsPerson":
			return `cairn: ${t("outcome.needsPerson", { reason: outcome.reason })}${resume}`
		case "budget":
			return `cairn: ${t("outcome.budget", { reason: outcome.reason })}${resume}`
		case "interrupted":
		case "cancelled":
			return `cairn: ${t("outcome.cancelled")}${resume}`
	}
}
