import path from "node:path"
import type { CairnApi } from "@cairn/core/api"
import type * as vscode from "vscode"
import type { CairnView } from "./attentionNotifier"
import type * as AgentModule from "./index"
import type { Agent, ProgramRights } from "./index"

/**
 * The agent is a bundle of its own (dist/agent.js), loaded the first time the webview, a
 * command, the public API or the IPC socket needs it, so activating Cairn stays cheap.
 */
export class AgentLoader {
	private agent: Promise<Agent> | undefined
	private loaded = false

	constructor(
		private readonly context: vscode.ExtensionContext,
		private readonly log: vscode.LogOutputChannel,
		/** Where the agent's API events go: the API object handed out at activation. */
		private readonly events: CairnApi,
		/** The views the agent's notifications take the person to. */
		private readonly view: CairnView,
		/** What the person lets programs (the API, the IPC socket) change. */
		private readonly programs: ProgramRights,
	) {}

	get isLoaded(): boolean {
		return this.loaded
	}

	load(): Promise<Agent> {
		this.agent ??= (async () => {
			// Requiring the bundle holds this process for a few hundred ms. Started in the caller's
			// turn, it held back what the caller sends next: the webview's page waited for it.
			await new Promise((resolve) => setTimeout(resolve, 0))
			const started = performance.now()
			// A computed path keeps esbuild from inlining the agent into extension.js.
			// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose
			const agentModule = require(path.join(__dirname, "agent.js")) as typeof AgentModule
			const agent = await agentModule.createAgent(
				this.context,
				this.log,
				this.events,
				this.view,
				this.programs,
			)
			this.loaded = true
			// bench/activation.mjs reads this line: how much of the wait for the first view is the agent's.
			this.log.info(`Cairn's agent loaded in ${(performance.now() - started).toFixed(1)} ms`)
			return agent
		})()
		return this.agent
	}

	/** Stops the agent if it was loaded: running tasks end and their last writes reach the disk. */
	async dispose(): Promise<void> {
		const agent = await this.agent?.catch(() => undefined)
		await agent?.dispose()
	}
}
