import type { ExtensionClient } from "./ExtensionClient.js"

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
