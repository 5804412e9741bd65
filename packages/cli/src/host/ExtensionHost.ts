import {
	buildProvider,
	Controller,
	coreTools,
	NodeHost,
	toolSpecs,
	type Logger,
	type ModelProvider,
	type ShellCommandSettings,
} from "@cairn/core"
import type {
	ExtensionMessage,
	HistoryItem,
	ProviderName,
	ProviderSettings,
	WebviewMessage,
} from "@cairn/types"

export interface ExtensionHostOptions {
	workspace: string
	/** CAIRN_HOME: tasks, settings and secrets (0600) of every workspace. */
	storageDir: string
	logger: Logger
	version: string
	/**
	 * A key for this run only (--api-key, ANTHROPIC_API_KEY, OPENAI_API_KEY). It wins over the
	 * stored key and is never written anywhere by this lookup.
	 */
	runApiKey?: (provider: ProviderName) => string | undefined
	commands?: ShellCommandSettings
	retryBaseDelayMs?: number
	/** --trust-workspace-hooks: the person agrees to the workspace's hooks file as it is. */
	trustWorkspaceHooks?: boolean
	/** --no-checkpoints: false saves none in this run. */
	checkpoints?: boolean
}

/**
 * Runs the agent in this process (seed 000's ExtensionHost): the core's Controller on the Node
 * host, with the core tools. Clients talk to it with the same protocol as the webview:
 * WebviewMessages in (`sendToExtension`), ExtensionMessages out (`onMessage`).
 */
export class ExtensionHost {
	readonly controller: Controller
	readonly host: NodeHost

	private constructor(options: ExtensionHostOptions) {
		this.host = new NodeHost({
			workspaceRoot: options.workspace,
			storageDir: options.storageDir,
			logger: options.logger,
			...(options.commands && { commands: options.commands }),
			// Only the flag says yes: -y approves the agent's requests, not the repository's code.
			...(options.trustWorkspaceHooks && { askConsent: () => Promise.resolve(true) }),
		})
		const runKey = options.runApiKey ?? (() => undefined)
		this.controller = new Controller({
			host: this.host,
			version: options.version,
			tools: coreTools,
			toolSpecs: toolSpecs(coreTools),
			buildProvider: (settings: ProviderSettings, storedKey: string | undefined): ModelProvider =>
				buildProvider(settings, runKey(settings.provider) ?? storedKey),
			...(options.retryBaseDelayMs !== undefined && { retryBaseDelayMs: options.retryBaseDelayMs }),
			...(options.checkpoints === false && { checkpoints: false }),
		})
	}

	static async start(options: ExtensionHostOptions): Promise<ExtensionHost> {
		const extensionHost = new ExtensionHost(options)
		await extensionHost.controller.initialize()
		return extensionHost
	}

	get workspace(): string {
		return this.host.workspaceRoot
	}

	/** Delivers every ExtensionMessage to `listener` until the returned function is called. */
	onMessage(listener: (message: ExtensionMessage) => void): () => void {
		return this.controller.attach(listener)
	}

	/** Hands a client message to the Controller; it validates it and never throws. */
	sendToExtension(message: WebviewMessage): Promise<void> {
		return this.controller.handleWebviewMessage(message)
	}

	/** This workspace's tasks, newest first (read from CAIRN_HOME). */
	listHistory(): HistoryItem[] {
		return this.controller
			.listHistory()
			.filter((item) => item.workspace === undefined || item.workspace === this.workspace)
	}

	/** Waits until the tasks' journals are on disk, then ends running commands. */
	async shutdown(): Promise<void> {
		await this.controller.flush()
		await this.host.dispose()
	}
}
