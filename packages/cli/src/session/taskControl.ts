import { UsageError } from "../cli/exitCodes.js"
import type { RunOptions } from "../cli/runOptions.js"
import type { ExtensionClient } from "../client/ExtensionClient.js"
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

/** Whether the agent is doing something a cancel would stop. */
export function isTaskActive(client: ExtensionClient): boolean {
	const state = client.getAgentState()
	return state.isRunning || (state.isWaitingForInput && state.askCategory === "interactive")
}

/**
 * Cancels the running task and waits (up to `timeoutMs`) until it offers to resume, so what is
 * saved is a consistent, resumable task. Does nothing when no task is active.
 */
export async function stopTask(client: ExtensionClient, timeoutMs = 3_000): Promise<void> {
	if (!isTaskActive(client)) return
	const stopped = new Promise<void>((resolve) => {
		const timer = setTimeout(done, timeoutMs)
		function check() {
			if (!isTaskActive(client)) done()
		}
		function done() {
			clearTimeout(timer)
			client.off("stateChange", check)
			resolve()
		}
		client.on("stateChange", check)
	})
	await client.sendMessage({ type: "cancelTask" })
	await stopped
}
