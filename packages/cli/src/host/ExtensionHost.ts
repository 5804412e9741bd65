import {
	buildProvider,
	Controller,
	coreTools,
	NodeHost,
	processLauncher,
	toolSpecs,
	type ConsentAsker,
	type ControllerOptions,
	type Logger,
	type RepositoryCode,
	type ModelProvider,
	type ShellCommandSettings,
} from "@cairn/core"
import type {
	BudgetLimit,
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
	/** --max-cost and --max-tokens: each task's budget in this run, over the setting's. */
	taskBudget?: BudgetLimit
	/** MCP servers: the person's config file (--mcp-config, else $CAIRN_HOME/mcp.json); absent: none run. */
	mcpConfigFile?: string
	/** --allow-project-mcp: the person agrees to the workspace's .cairn/mcp.json as it is. */
	allowProjectMcp?: boolean
	/** --allow-worktree-setup: the person agrees to the workspace's .cairn/worktree.json as it is. */
	allowWorktreeSetup?: boolean
	/** --worktree: this run makes a worktree, and says when its setup was not agreed to. */
	makesWorktree?: boolean
	/** --otel-endpoint: this run's OpenTelemetry export, in place of the settings'. */
	telemetry?: ControllerOptions["telemetry"]
	/** Keys this run was given (--api-key, the environment's): never exported. */
	knownSecrets?: readonly (string | undefined)[]
}

/**
 * The CLI cannot ask: a flag answers for each kind of repository code, and only for its kind
 * (-y approves the agent's requests, not the repository's code).
 */
function consentByFlags(
	options: ExtensionHostOptions,
	refused: (code: RepositoryCode) => void,
): ConsentAsker | undefined {
	if (
		!options.trustWorkspaceHooks &&
		!options.allowProjectMcp &&
		!options.allowWorktreeSetup &&
		!options.makesWorktree
	)
		return undefined
	const agreed: Record<RepositoryCode["kind"], boolean> = {
		workspaceHooks: options.trustWorkspaceHooks === true,
		projectMcpServers: options.allowProjectMcp === true,
		worktreeSetup: options.allowWorktreeSetup === true,
		// The CLI runs no checks: nothing here agrees to a test command outside the sandbox.
		checkCommand: false,
	}
	return (code: RepositoryCode) => {
		if (!agreed[code.kind]) refused(code)
		return Promise.resolve(agreed[code.kind])
	}
}

/**
 * Runs the agent in this process (seed 000's ExtensionHost): the core's Controller on the Node
 * host, with the core tools. Clients talk to it with the same protocol as the webview:
 * WebviewMessages in (`sendToExtension`), ExtensionMessages out (`onMessage`).
 */
export class ExtensionHost {
	readonly controller: Controller
	readonly host: NodeHost
	/** A worktree's `.cairn/worktree.json` was not agreed to in this run: the worktree was made without it. */
	worktreeSetupRefused = false

	private constructor(options: ExtensionHostOptions) {
		const askConsent = consentByFlags(options, (code) => {
			if (code.kind === "worktreeSetup") this.worktreeSetupRefused = true
		})
		this.host = new NodeHost({
			workspaceRoot: options.workspace,
			storageDir: options.storageDir,
			logger: options.logger,
			...(options.commands && { commands: options.commands }),
			...(askConsent && { askConsent }),
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
			...(options.telemetry && { telemetry: options.telemetry }),
			...(options.knownSecrets && { knownSecrets: options.knownSecrets }),
			...(options.taskBudget && { taskBudget: options.taskBudget }),
			...(options.mcpConfigFile !== undefined && {
				mcp: {
					globalConfigFile: options.mcpConfigFile,
					howToAllowProject: "Run cairn with --allow-project-mcp to allow them.",
				},
			}),
		})
	}

	/** A process exiting without shutdown() (a second Ctrl-C) still takes its MCP servers with it. */
	private readonly killServersOnExit = () => {
		this.controller.mcpHub?.killNow()
		this.host.killCommandsNow()
	}

	static async start(options: ExtensionHostOptions): Promise<ExtensionHost> {
		const extensionHost = new ExtensionHost(options)
		process.on("exit", extensionHost.killServersOnExit)
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

	/** Waits until the tasks' journals are on disk, then ends running commands and MCP servers. */
	async shutdown(): Promise<void> {
		await this.controller.flush()
		await this.controller.closeTelemetry()
		await this.controller.closeCheckpoints()
		// No process the checkpoints started outlives the CLI: the launcher ends, and is waited for.
		await processLauncher.dispose()
		await this.controller.mcpHub?.dispose()
		process.off("exit", this.killServersOnExit)
		await this.host.dispose()
	}
}
