import { mkdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import {
	applyMessageUpdate,
	chatControls,
	emptyTaskSummary,
	detectAgentState,
	isNextSeq,
	type AgentStateInfo,
	type CairnAPIEvents,
	type CairnSettingsPatch,
	type ClineMessage,
	type ExtensionMessage,
	type ModelInfo,
	type ProviderName,
	type ProviderSettings,
	type TaskSummary,
	type WebviewMessage,
} from "@cairn/types"
import {
	startModelServer,
	type ModelServer,
	type ModelServerOptions,
	type OverflowStyle,
	type Turn,
} from "@cairn/model-server"
import type { ConsentAsker } from "../consent/repositoryConsent.js"
import { Controller } from "../controller/Controller.js"
import type { IsolatedEmitter } from "../controller/isolatedEmitter.js"
import type { DemoHost } from "../demo/demoHost.js"
import type { Host } from "../host/Host.js"
import { NodeHost } from "../host/node/NodeHost.js"
import { buildProvider } from "../providers/buildProvider.js"
import { coreTools, toolSpecs } from "../tools/registry.js"
import { recordingLogger, type LogEntry } from "./recordingLogger.js"
import { fixedTokenAuthClient, testVertexSettings } from "./googleTestAuth.js"
import { makeTempDir } from "./tempDir.js"

/**
 * The providers the scripted model server speaks, with a model id each. Vertex AI is two: Claude
 * and Gemini go through different SDKs and wire formats.
 */
const served = {
	anthropic: { provider: "anthropic", modelId: "claude-sonnet-5" },
	openai: { provider: "openai", modelId: "gpt-4.1" },
	ollama: { provider: "ollama", modelId: "qwen3:8b" },
	gemini: { provider: "gemini", modelId: "gemini-2.5-pro" },
	"vertex-claude": { provider: "vertex", modelId: "claude-sonnet-4-5@20250929" },
	"vertex-gemini": { provider: "vertex", modelId: "gemini-2.5-pro" },
	openrouter: { provider: "openrouter", modelId: "anthropic/claude-sonnet-4.5" },
	lmstudio: { provider: "lmstudio", modelId: "qwen2.5-coder-7b-instruct" },
	bedrock: { provider: "bedrock", modelId: "anthropic.claude-sonnet-4-5-20250929-v1:0" },
} satisfies Record<string, { provider: ProviderName; modelId: string }>
export type ServedProvider = keyof typeof served

/** The providers that speak the OpenAI format, each with the kind of server it expects there. */
const openaiStyles: Partial<Record<ServedProvider, OverflowStyle>> = {
	openai: "openai",
	openrouter: "openrouter",
	lmstudio: "lmstudio",
}

/** What a client that only sees the protocol knows: the transcript rebuilt from state + deltas. */
export class ClientMirror {
	messages: ClineMessage[] = []
	/** The host's summary of the task shown (what the header reads), from the snapshot and deltas. */
	summary: TaskSummary = emptyTaskSummary
	taskId: string | undefined
	private lastSeq = 0
	readonly received: ExtensionMessage[] = []
	readonly gaps: number[] = []
	private waiters: (() => void)[] = []

	receive = (message: ExtensionMessage): void => {
		this.received.push(message)
		if (message.type === "state") {
			this.messages = [...message.state.clineMessages]
			this.summary = message.state.summary
			this.taskId = message.state.currentTaskId
			this.lastSeq = message.state.seq
		} else if (message.type === "messageUpdated" && message.taskId === this.taskId) {
			if (!isNextSeq(this.lastSeq, message.seq)) this.gaps.push(message.seq)
			this.lastSeq = message.seq
			this.messages = applyMessageUpdate(this.messages, message.message)
			if (message.summary) this.summary = message.summary
		}
		for (const wake of this.waiters.splice(0)) wake()
	}

	get state(): AgentStateInfo {
		return detectAgentState(this.messages)
	}

	get controls() {
		return chatControls(this.messages)
	}

	/** Resolves when the predicate holds for the mirrored transcript; fails after `timeoutMs`. */
	async waitFor(
		predicate: (mirror: ClientMirror) => boolean,
		what: string,
		timeoutMs = 10_000,
	): Promise<void> {
		const deadline = Date.now() + timeoutMs
		while (!predicate(this)) {
			const left = deadline - Date.now()
			if (left <= 0) {
				const tail = this.messages
					.slice(-4)
					.map(
						(m) =>
							`${m.type}:${m.ask ?? m.say}${m.partial ? "(partial)" : ""} ${m.text?.slice(0, 120) ?? ""}`,
					)
				throw new Error(
					`Timed out waiting for ${what}; state ${this.state.state}, last messages:\n${tail.join("\n")}`,
				)
			}
			await new Promise<void>((resolve) => {
				const timer = setTimeout(resolve, Math.min(left, 200))
				this.waiters.push(() => {
					clearTimeout(timer)
					resolve()
				})
			})
		}
	}

	/** Waits until the agent asks `ask` (final, not streaming). */
	waitForAsk(ask: ClineMessage["ask"], timeoutMs?: number): Promise<void> {
		return this.waitFor(
			(m) => m.messages.at(-1)?.ask === ask && m.messages.at(-1)?.partial !== true,
			`the ${ask} ask`,
			timeoutMs,
		)
	}

	says(say: ClineMessage["say"]): ClineMessage[] {
		return this.messages.filter((m) => m.type === "say" && m.say === say)
	}
}

export interface AgentHarnessOptions {
	provider: ServedProvider
	scenario?: Turn[]
	files?: Record<string, string>
	/** Files in a folder beside the workspace, reached as "../outside/<name>". */
	outsideFiles?: Record<string, string>
	settings?: CairnSettingsPatch
	/** Leave the provider unconfigured, as on a first run. */
	withoutProvider?: boolean
	/** What Cairn is told of the model (its window, say), on top of the catalog. */
	modelInfo?: Partial<ModelInfo>
	/** More of the provider's settings (its reasoning budget, OpenRouter's routing...). */
	providerSettings?: Omit<Partial<ProviderSettings>, "provider" | "modelId" | "baseUrl" | "modelInfo">
	/** The model server's own settings: its context window, side turns, overflow style. */
	server?: Omit<ModelServerOptions, "scenario" | "lifetimeMs">
	/** The bubblewrap binary; a missing one plays a system without the sandbox. */
	bwrapPath?: string
	/** The emitter the Controller sends API events to (the public API object). */
	events?: IsolatedEmitter<CairnAPIEvents>
	/** Plays the person asked whether the workspace's own hooks may run; absent: nobody is asked. */
	askConsent?: ConsentAsker
	/**
	 * MCP servers: the global config file's content (written to the temp folder), and the
	 * workspace's `.cairn/mcp.json` (put it in `files`). Absent: the Controller runs no hub.
	 */
	mcp?: { global?: unknown; env?: Record<string, string>; readyTimeoutMs?: number }
	/** The host's demo (its scripted model and sample project); absent: the host has none. */
	demo?: DemoHost
}

export interface AgentHarness {
	/** The current Controller; `restart` replaces it. */
	controller: Controller
	server: ModelServer
	client: ClientMirror
	workspace: string
	logs: LogEntry[]
	send(message: WebviewMessage): Promise<void>
	/** Sends what pressing the current primary (or secondary) button sends, as a UI would. */
	press(button: "primary" | "secondary", text?: string): Promise<void>
	read(relative: string): Promise<string>
	/**
	 * Closes the Controller as an editor shutting down would and opens a new one on the same
	 * storage (settings, keys and tasks are read back from disk), with a fresh client.
	 */
	restart(): Promise<void>
	cleanup(): Promise<void>
}

/**
 * A whole agent with real parts: the Controller and Task, the Node host on a temp workspace,
 * the core tools, the official SDK of `provider` and the scripted model server on 127.0.0.1.
 */
export async function startAgent(options: AgentHarnessOptions): Promise<AgentHarness> {
	const temp = await makeTempDir("cairn-agent-")
	const workspace = path.join(temp.dir, "workspace")
	await mkdir(workspace)
	for (const [relative, content] of Object.entries(options.files ?? {})) {
		await mkdir(path.dirname(path.join(workspace, relative)), { recursive: true })
		await writeFile(path.join(workspace, relative), content)
	}
	for (const [name, content] of Object.entries(options.outsideFiles ?? {})) {
		await mkdir(path.join(temp.dir, "outside"), { recursive: true })
		await writeFile(path.join(temp.dir, "outside", name), content)
	}
	const server = await startModelServer({
		...(openaiStyles[options.provider] && { overflowStyle: openaiStyles[options.provider] }),
		...options.server,
		scenario: options.scenario ?? [],
		lifetimeMs: 300_000,
	})
	const logger = recordingLogger()
	const nodeHost = new NodeHost({
		workspaceRoot: workspace,
		storageDir: path.join(temp.dir, "storage"),
		logger,
		commands: { killGraceMs: 200 },
		...(options.bwrapPath !== undefined && { bwrapPath: options.bwrapPath }),
		...(options.askConsent && { askConsent: options.askConsent }),
	})
	const host: Host = options.demo ? Object.assign(nodeHost, { demo: options.demo }) : nodeHost
	const mcpConfigFile = path.join(temp.dir, "home", "mcp.json")
	if (options.mcp?.global !== undefined) {
		await mkdir(path.dirname(mcpConfigFile), { recursive: true })
		await writeFile(mcpConfigFile, JSON.stringify(options.mcp.global, null, 2))
	}
	const newController = async () => {
		const created = new Controller({
			host,
			version: "test",
			tools: coreTools,
			toolSpecs: toolSpecs(coreTools),
			// Vertex AI gets a fixed token in place of Google's credentials.
			buildProvider: (settings, key) =>
				buildProvider(settings, key, { googleAuthClient: fixedTokenAuthClient() }),
			retryBaseDelayMs: 20,
			...(options.events && { events: options.events }),
			...(options.mcp && {
				mcp: {
					globalConfigFile: mcpConfigFile,
					howToAllowProject: "Run with --allow-project-mcp to allow them.",
					reconnect: { baseDelayMs: 50, maxDelayMs: 200, maxAttempts: 3 },
					stopGraceMs: 300,
					env: { ...process.env, ...options.mcp.env },
					...(options.mcp.readyTimeoutMs !== undefined && {
						readyTimeoutMs: options.mcp.readyTimeoutMs,
					}),
				},
			}),
		})
		await created.initialize()
		return created
	}
	let controller = await newController()
	const baseUrl = openaiStyles[options.provider] ? server.openaiBaseURL : server.url
	await controller.settingsStore.update({
		...(!options.withoutProvider && {
			provider: {
				...served[options.provider],
				baseUrl,
				...(served[options.provider].provider === "vertex" && { vertex: testVertexSettings }),
				// The profile's key is then a Bedrock API key, sent as a bearer token like the others.
				...(served[options.provider].provider === "bedrock" && {
					bedrock: { region: "us-east-1", auth: "apiKey" },
				}),
				...(options.modelInfo && { modelInfo: options.modelInfo }),
				...options.providerSettings,
			},
		}),
		requestRetries: 2,
		// Tests of approvals do not depend on bubblewrap being installed; the sandbox's own tests turn it on.
		commandSandbox: false,
		// Checkpoint rows would land among the rows other tests look at; checkpoints' own tests turn them on.
		enableCheckpoints: false,
		...options.settings,
	})
	await controller.settingsStore.setApiKey(served[options.provider].provider, "test-key")
	let client = new ClientMirror()
	controller.attach(client.receive)

	const send = (message: WebviewMessage) =>
		harness.controller.handleWebviewMessage(message, harness.client.receive)
	const harness: AgentHarness = {
		controller,
		server,
		client,
		workspace,
		logs: logger.entries,
		send,
		async press(button, text) {
			const controls = harness.client.controls
			const spec = button === "primary" ? controls.primaryButton : controls.secondaryButton
			if (spec === undefined)
				throw new Error(`There is no ${button} button at ${controls.clineAsk ?? "this point"}`)
			const message =
				spec.message.type === "askResponse" && text !== undefined
					? { ...spec.message, text }
					: spec.message
			await send(message)
		},
		read: (relative) => readFile(path.join(workspace, relative), "utf8"),
		async restart() {
			await harness.controller.dispose()
			controller = await newController()
			client = new ClientMirror()
			controller.attach(client.receive)
			harness.controller = controller
			harness.client = client
			await send({ type: "webviewDidLaunch" })
		},
		async cleanup() {
			await harness.controller.dispose()
			await nodeHost.dispose()
			await server.close()
			await temp.remove()
		},
	}
	return harness
}
