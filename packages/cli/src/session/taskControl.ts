import { UsageError } from "../cli/exitCodes.js"
import { t } from "../i18n/cliI18n.js"
import type { RunOptions } from "../cli/runOptions.js"
import type { ExtensionHost } from "../host/ExtensionHost.js"

/** The stored task -c or --session-id means; a usage error when there is none. */
export function resumeTarget(
	extensionHost: ExtensionHost,
	resume: NonNullable<RunOptions["resume"]>,
): string {
	const history = extensionHost.listHistory()
	if ("taskId" in resume) {
		if (!history.some((item) => item.id === resume.taskId))
			throw new UsageError(t("tasks.noSuchTask", { taskId: resume.taskId }))
		return resume.taskId
	}
	const latest = history[0]
	if (latest === undefined)
		throw new UsageError(t("tasks.nothingToContinue", { workspace: extensionHost.workspace }))
	return latest.id
}
