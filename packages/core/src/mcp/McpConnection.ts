import type { McpProblem, McpServerStatus } from "@cairn/types"
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js"
import type {
	CallToolResult,
	Progress,
	ReadResourceResult,
	Resource,
	ResourceTemplate,
	Tool,
} from "@modelcontextprotocol/sdk/types.js"
import type { Logger } from "../host/Host.js"
import { endProcesses, processTree } from "./processTree.js"
import { reconnectDelay, type ReconnectPolicy } from "./reconnectPolicy.js"
import type { McpServerConfig } from "./serverConfig.js"
import { StderrTail } from "./stderrTail.js"
import type { ServerTransport } from "./transport.js"
import { startProblem } from "./mcpErrors.js"
import { mcpProblemEnglish } from "./mcpProblemText.js"
import { loadMcpSdk, type McpSdk } from "./mcpSdk.js"

export interface ConnectionOptions {
	clientVersion: string
	logger: Logger
	/** Called whenever what the view shows may have changed. */
	onChange(): void
	reconnect: ReconnectPolicy
	/** How long a stopping server gets at each step (stdin closed, then SIGTERM) before the next. */
	stopGraceMs: number
}

export interface CallOptions {
	signal?: AbortSignal
	onProgress?: (progress: Progress) => void
}

/** What a connection knows of its server, for the hub's views. */
export interface ConnectionState {
	status: McpServerStatus
	/** Why it is not connected (status error or disconnected). */
	problem?: McpProblem
	stderr: string[]
	retryAt?: number
	tools: readonly Tool[]
	resources: readonly Resource[]
	resourceTemplates: readonly ResourceTemplate[]
}

/** Initialization must not hang forever on a server that never answers. */
const connectTimeoutMs = 60_000

/**
 * One server: the SDK's Client on its transport, its tools and resources, and its life. A
 * server that cannot start on the first try is left in error (its config or program is at
 * fault; Restart tries again). One that was connected and stopped is tried again with
 * exponential backoff, and left in error after too many failures in a row.
 */
export class McpConnection {
	private state: Omit<ConnectionState, "stderr"> = {
		status: "connecting",
		tools: [],
		resources: [],
		resourceTemplates: [],
	}
	private readonly stderr = new StderrTail()
	private current: { client: Client; transport: ServerTransport } | undefined
	private everConnected = false
	private failedAttempts = 0
	private retryTimer: NodeJS.Timeout | undefined
	/** Bumped by every (re)start and by close: callbacks of an older attempt are ignored. */
	private generation = 0
	private closed = false

	constructor(
		private configuration: McpServerConfig,
		private readonly options: ConnectionOptions,
	) {}

	get config(): McpServerConfig {
		return this.configuration
	}

	/** Takes a changed entry whose launch is the same (alwaysAllow, timeout): no reconnect needed. */
	updateConfig(config: McpServerConfig): void {
		this.configuration = config
	}

	get view(): ConnectionState {
		return { ...this.state, stderr: this.stderr.all }
	}

	get status(): McpServerStatus {
		return this.state.status
	}

	start(): void {
		void this.connect()
	}

	async callTool(
		name: string,
		args: Record<string, unknown>,
		options: CallOptions,
	): Promise<CallToolResult> {
		const client = this.connectedClient()
		const result = await client.callTool(
			{ name, arguments: args },
			undefined,
			this.requestOptions(options),
		)
		// Servers of the 2024-10-07 protocol answer with `toolResult`; today's with `content`.
		if ("content" in result) return result as CallToolResult
		return { content: [{ type: "text", text: JSON.stringify(result.toolResult) }] }
	}

	async readResource(uri: string, options: CallOptions): Promise<ReadResourceResult> {
		return this.connectedClient().readResource({ uri }, this.requestOptions(options))
	}

	/** Stops the server (its whole process tree, for stdio) and keeps it stopped. */
	async close(): Promise<void> {
		this.closed = true
		this.generation++
		clearTimeout(this.retryTimer)
		await this.stopClient()
	}

	/**
	 * Ends a stdio server's process at once, synchronously: for a process that is exiting now
	 * (a second Ctrl-C) and cannot wait for close().
	 */
	killNow(): void {
		const pid = this.current?.transport.pid()
		if (pid === undefined) return
		try {
			process.kill(pid, "SIGKILL")
		} catch {
			// Already gone.
		}
	}

	/** Connects again now, forgetting earlier failures. */
	async restart(): Promise<void> {
		this.generation++
		clearTimeout(this.retryTimer)
		await this.stopClient()
		this.everConnected = false
		this.failedAttempts = 0
		this.start()
	}

	private requestOptions(options: CallOptions): RequestOptions {
		return {
			timeout: this.config.timeoutSec * 1000,
			// A server that reports progress is working: the timeout counts from its last report.
			resetTimeoutOnProgress: true,
			...(options.signal && { signal: options.signal }),
			...(options.onProgress && { onprogress: options.onProgress }),
		}
	}

	private connectedClient(): Client {
		if (this.state.status !== "connected" || this.current === undefined)
			throw new Error(
				`The MCP server "${this.config.name}" is not connected (${this.state.status}${this.state.problem ? `: ${mcpProblemEnglish(this.state.problem)}` : ""}).`,
			)
		return this.current.client
	}

	private set(change: Partial<Omit<ConnectionState, "stderr">>): void {
		this.state = { ...this.state, ...change }
		for (const key of Object.keys(change) as (keyof typeof change)[])
			if (change[key] === undefined) delete this.state[key]
		this.options.onChange()
	}

	private async connect(): Promise<void> {
		const generation = ++this.generation
		this.set({ status: "connecting", problem: undefined, retryAt: undefined })
		let sdk: McpSdk
		try {
			sdk = await loadMcpSdk()
		} catch (error) {
			if (generation === this.generation) this.failed(startProblem(error, this.config))
			return
		}
		if (generation !== this.generation) return
		const { Client, createTransport } = sdk
		const client = new Client(
			{ name: "cairn", version: this.options.clientVersion },
			{
				capabilities: {},
				listChanged: {
					tools: { autoRefresh: false, onChanged: () => this.listsChanged(client, generation) },
					resources: { autoRefresh: false, onChanged: () => this.listsChanged(client, generation) },
				},
			},
		)
		const transport = createTransport(this.config.launch, this.stderr, () => {
			if (this.state.status !== "connected") this.options.onChange()
		})
		this.current = { client, transport }
		client.onclose = () => {
			if (generation === this.generation && this.state.status === "connected")
				void this.lost(generation)
		}
		client.onerror = (error) =>
			this.options.logger.debug("An MCP transport reported an error", {
				server: this.config.name,
				error: error.message,
			})
		try {
			await client.connect(transport.transport, { timeout: connectTimeoutMs })
			if (generation !== this.generation) return
			await this.refreshLists(client, generation)
			if (generation !== this.generation) return
			this.everConnected = true
			this.failedAttempts = 0
			this.set({ status: "connected", problem: undefined, retryAt: undefined })
		} catch (error) {
			if (generation !== this.generation) return
			await this.stopClient()
			if (generation !== this.generation) return
			this.failed(startProblem(error, this.config))
		}
	}

	/** The tools and resources, following every page; a server without a capability has none of it. */
	private async refreshLists(client: Client, generation: number): Promise<void> {
		const capabilities = client.getServerCapabilities() ?? {}
		const tools: Tool[] = []
		const resources: Resource[] = []
		const resourceTemplates: ResourceTemplate[] = []
		if (capabilities.tools) {
			let cursor: string | undefined
			do {
				const page = await client.listTools(cursor === undefined ? {} : { cursor })
				tools.push(...page.tools)
				cursor = page.nextCursor
			} while (cursor !== undefined)
		}
		if (capabilities.resources) {
			let cursor: string | undefined
			do {
				const page = await client.listResources(cursor === undefined ? {} : { cursor })
				resources.push(...page.resources)
				cursor = page.nextCursor
			} while (cursor !== undefined)
			do {
				const page = await client.listResourceTemplates(cursor === undefined ? {} : { cursor })
				resourceTemplates.push(...page.resourceTemplates)
				cursor = page.nextCursor
			} while (cursor !== undefined)
		}
		if (generation === this.generation) this.set({ tools, resources, resourceTemplates })
	}

	/** The server said its tools or resources changed: list them again (a stopped server's lists go with it). */
	private listsChanged(client: Client, generation: number): void {
		this.refreshLists(client, generation).catch((error: unknown) => {
			if (generation === this.generation)
				this.options.logger.warn("An MCP server's lists could not be read again", {
					server: this.config.name,
					error: String(error),
				})
		})
	}

	/** A connected server stopped (crashed, or its remote end went away). */
	private async lost(generation: number): Promise<void> {
		const stopped: McpProblem = { kind: "stopped", params: {} }
		this.set({ status: "disconnected", problem: stopped })
		await this.stopClient()
		if (generation === this.generation) this.scheduleRetry(stopped)
	}

	private failed(problem: McpProblem): void {
		if (!this.everConnected) {
			this.set({ status: "error", problem, retryAt: undefined })
			return
		}
		this.scheduleRetry(problem)
	}

	private scheduleRetry(reason: McpProblem): void {
		this.failedAttempts++
		const { maxAttempts } = this.options.reconnect
		if (this.failedAttempts > maxAttempts) {
			this.set({
				status: "error",
				problem: { kind: reason.kind, params: { ...reason.params, gaveUpAfter: maxAttempts } },
				retryAt: undefined,
			})
			return
		}
		const delay = reconnectDelay(this.options.reconnect, this.failedAttempts)
		this.set({ status: "disconnected", problem: reason, retryAt: Date.now() + delay })
		this.retryTimer = setTimeout(() => {
			if (!this.closed) void this.connect()
		}, delay)
	}

	/** Closes the client and makes sure a stdio server's processes are gone. */
	private async stopClient(): Promise<void> {
		const current = this.current
		this.current = undefined
		if (current === undefined) return
		const pid = current.transport.pid()
		const tree = pid === undefined ? [] : await processTree(pid)
		await Promise.all([
			current.client.close().catch((error: unknown) =>
				this.options.logger.debug("Closing an MCP client failed", {
					server: this.config.name,
					error: String(error),
				}),
			),
			endProcesses(tree, this.options.stopGraceMs),
		])
	}
}
