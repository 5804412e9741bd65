import { groupOf, type Mode } from "../modes/modes.js"
import type { ToolSource } from "../tools/toolSource.js"
import { TaskCancelled } from "./taskCancelled.js"
import type { Transcript } from "./transcript.js"

/**
 * Before a task's first request: the MCP servers still starting get a bounded wait, so a task
 * started as the servers come up (a headless run) is offered their tools from its first request.
 * Each server that is still not up gets a row; its tools come with a later request. A mode
 * without MCP does not wait. A cancel ends the wait.
 */
export async function waitForLiveTools(
	live: ToolSource | undefined,
	mode: Mode,
	transcript: Transcript,
	signal: AbortSignal,
): Promise<void> {
	if (live?.whenReady === undefined || groupOf(mode, "mcp") === undefined) return
	const cancelled = new Promise<never>((_resolve, reject) => {
		const stop = () => reject(new TaskCancelled())
		if (signal.aborted) stop()
		else signal.addEventListener("abort", stop, { once: true })
	})
	cancelled.catch(() => {})
	const late = await Promise.race([live.whenReady(), cancelled])
	for (const server of late) transcript.say("mcp_server_not_ready", { text: JSON.stringify(server) })
}
