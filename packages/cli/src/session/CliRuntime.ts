import { ExtensionClient, OutputManager, type Logger, type ApprovalPolicy, type InitInfo } from "@cairn/core"
import type { ProviderName } from "@cairn/types"
import { UsageError } from "../cli/exitCodes.js"
import type { RunOptions } from "../cli/runOptions.js"
import { createCliLogger } from "../host/cliLogger.js"
import { ExtensionHost } from "../host/ExtensionHost.js"
import { runApiKey, selectionMessages, settingsMessages } from "../host/providerSetup.js"
import { rendererFor } from "../output/renderers.js"
import { cliVersion } from "../version.js"

/** The parts of one run, wired as seed 000 draws them: host -> client -> output / dispatch / input. */
export interface CliRuntime {
	options: RunOptions
	extensionHost: ExtensionHost
	client: ExtensionClient
	output: OutputManager
	logger: Logger
	policy: ApprovalPolicy
	initInfo(commands?: readonly string[]): InitInfo
	/** The key this run's requests go with: --api-key or the environment's, else the current profile's. */
	apiKey(provider: ProviderName): Promise<string | undefined>
	dispose(): Promise<void>
}

export interface RuntimeSetup {
	env: NodeJS.ProcessEnv
	/** stdout for the OutputManager; the TUI passes a sink, since Ink owns the terminal. */
	write: (text: string) => void
	color: boolean
	/** Warnings may go to stderr (not while the TUI draws). */
	stderrLogs: boolean
}

/**
 * Starts the agent in this process and connects a client to it; then applies the flags through
 * the protocol (mode, profile, provider, key), as a settings panel would. A flag that cannot apply throws
 * a UsageError.
 */
export async function createRuntime(options: RunOptions, setup: RuntimeSetup): Promise<CliRuntime> {
	const secrets = [
		options.apiKey,
		setup.env.ANTHROPIC_API_KEY,
		setup.env.OPENAI_API_KEY,
		setup.env.GEMINI_API_KEY,
		setup.env.OPENROUTER_API_KEY,
	]
	const logger = createCliLogger({
		debug: options.debug,
		cairnHome: options.cairnHome,
		stderr: setup.stderrLogs,
		secrets,
	})
	let providerInUse: ProviderName | undefined = options.provider
	const extensionHost = await ExtensionHost.start({
		workspace: options.workspace,
		storageDir: options.cairnHome,
		logger,
		version: cliVersion,
		trustWorkspaceHooks: options.trustWorkspaceHooks,
		mcpConfigFile: options.mcpConfigFile,
		allowProjectMcp: options.allowProjectMcp,
		allowWorktreeSetup: options.allowWorktreeSetup,
		makesWorktree: options.worktree !== undefined,
		checkpoints: options.checkpoints,
		...(options.telemetry && { telemetry: options.telemetry }),
		knownSecrets: secrets,
		...(options.taskBudget && { taskBudget: options.taskBudget }),
		runApiKey: (provider) =>
			runApiKey(provider, { provider: providerInUse, apiKey: options.apiKey }, setup.env),
	})
	const client = new ExtensionClient({
		sendMessage: (message) => extensionHost.sendToExtension(message),
		...(options.debug && { logger }),
	})
	const output = new OutputManager(rendererFor(options.outputFormat, setup.write, setup.color))
	const detachHost = extensionHost.onMessage((message) => client.handleExtensionMessage(message))
	const detachOutput = output.attach(client)
	const dispose = async () => {
		detachOutput()
		detachHost()
		await extensionHost.shutdown()
	}
	try {
		await client.sendMessage({ type: "webviewDidLaunch" })
		const errors: string[] = []
		const onError = ({ error }: { error: string }) => errors.push(error)
		client.on("hostError", onError)
		const profiles = client.state.settings?.profiles ?? []
		for (const message of selectionMessages(profiles, options)) await client.sendMessage(message)
		const stored = client.state.settings?.provider
		for (const message of settingsMessages(stored, options)) await client.sendMessage(message)
		client.off("hostError", onError)
		if (errors.length > 0) throw new UsageError(errors.join("; "))
		providerInUse = client.state.settings?.provider?.provider
	} catch (error) {
		await dispose()
		throw error
	}

	return {
		options,
		extensionHost,
		client,
		output,
		logger,
		policy: {
			autoApprove: options.autoApprove,
			allowOutsideWorkspace: options.allowOutsideWorkspace,
			allowProtected: options.allowProtected,
			deniedCommands: () => client.state.settings?.deniedCommands ?? [],
		},
		initInfo: (commands) => {
			const provider = client.state.settings?.provider
			return {
				cairnVersion: cliVersion,
				workspace: options.workspace,
				provider: provider?.provider,
				model: provider?.modelId,
				mode: client.getCurrentMode(),
				autoApprove: options.autoApprove,
				...(commands && { commands }),
			}
		},
		apiKey: async (provider) =>
			runApiKey(provider, { provider: providerInUse, apiKey: options.apiKey }, setup.env) ??
			(await extensionHost.controller.settingsStore.currentApiKey()),
		dispose,
	}
}
