import type { TaskBrowser } from "../browser/taskBrowser.js"
import { modeToolset } from "../modes/modeToolset.js"
import type { Mode } from "../modes/modes.js"
import type { ToolSpec } from "../providers/modelProvider.js"
import type { ToolDefinition } from "../tools/toolDefinition.js"
import { waitForLiveTools } from "./liveToolsReady.js"
import type { TaskOptions } from "./taskOptions.js"
import type { Transcript } from "./transcript.js"

/**
 * The tools a task offers the model, decided again for each request: its mode's core tools that
 * can run now (codebase_search once the index is ready, browser_action where a browser launches)
 * and, in a mode with MCP, the servers' tools. A call to anything not offered is an unknown tool.
 */
export class OfferedTools {
	tools: ReadonlyMap<string, ToolDefinition<unknown, string>> = new Map()
	specs: readonly ToolSpec[] = []
	/** What the system prompt says about the MCP servers, in a mode that offers them. */
	mcpSection: string | undefined
	/** Whether a browser could be launched, as checked before the last request. */
	private browserRuns = false
	/** The servers still starting were waited for (once per task, before its first request). */
	private liveAwaited = false

	constructor(
		private readonly parts: Pick<TaskOptions, "tools" | "toolSpecs" | "liveTools" | "codebaseSearch">,
	) {}

	/** Offers `mode`'s tools (at once when the mode switches; again before every request). */
	offer(mode: Mode): void {
		const index = this.parts.codebaseSearch
		const offered = modeToolset(
			mode,
			{ tools: this.parts.tools, specs: this.parts.toolSpecs },
			this.parts.liveTools,
			(tool) =>
				tool === "codebase_search"
					? index?.isReady() === true
					: tool !== "browser_action" || this.browserRuns,
		)
		this.tools = offered.tools
		this.specs = offered.specs
		this.mcpSection = offered.liveSection
	}

	/**
	 * Before the task's first request: a bounded wait for the MCP servers still starting, so their
	 * tools are offered from the start (later calls return at once).
	 */
	async awaitStartingServers(mode: Mode, transcript: Transcript, signal: AbortSignal): Promise<void> {
		if (this.liveAwaited) return
		this.liveAwaited = true
		await waitForLiveTools(this.parts.liveTools, mode, transcript, signal)
	}

	/** Before each request: whether a browser launches now, then `mode`'s tools as they stand. */
	async refresh(mode: Mode, browser: TaskBrowser, browserExecutable: string | undefined): Promise<void> {
		this.browserRuns = await browser.canRun(browserExecutable)
		this.offer(mode)
	}
}
