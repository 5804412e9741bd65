import { UsageError } from "../cli/exitCodes.js"
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
			throw new UsageError(
				`--session-id: there is no task ${resume.taskId} in this workspace (see \`cairn list tasks\`)`,
			)
		return resume.taskId
	}
	const latest = history[0]
	if (latest === undefined)
		throw new UsageError(`-c/--continue: there is no task to continue in ${extensionHost.workspace}`)
	return latest.id
}
