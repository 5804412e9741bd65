import path from "node:path"
import { isDeepStrictEqual } from "node:util"
import type {
	McpConfigProblem,
	McpProblem,
	McpServerInput,
	McpServerNotReady,
	McpSnapshot,
	McpSource,
} from "@cairn/types"
import type { Progress, ReadResourceResult, CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import type { Logger } from "../host/Host.js"
import {
	applyConfigEdit,
	emptyConfigText,
	readConfigText,
	watchConfigFile,
	writeConfigText,
	type ConfigEdit,
} from "./configFile.js"
import {
	settingsScope,
	UnreadFileError,
	workspaceScope,
	type FileScope,
} from "../workspace/repositoryFile.js"
import { McpConnection } from "./McpConnection.js"
import { configEntryOf } from "./configEntry.js"
import { parseConfig } from "./parseConfig.js"
import { mcpProblemEnglish } from "./mcpProblemText.js"
import { ProjectConsent, type ProjectConsentOptions } from "./projectConsent.js"
import { defaultReconnectPolicy, type ReconnectPolicy } from "./reconnectPolicy.js"
import { isInvalid, type McpServerConfig, type ServerEntry } from "./serverConfig.js"
import { offeredTools, serverViews, type OfferedTool, type ServerRecord } from "./serverViews.js"

export interface McpHubOptions {
	workspaceRoot: string
	/** The person's own servers (VS Code: in Cairn's storage; CLI: $CAIRN_HOME/mcp.json or --mcp-config). */
	globalConfigFile: string
	/** The workspace's servers; `<workspace>/.cairn/mcp.json` by default. */
	projectConfigFile?: string
	projectConsent: ProjectConsentOptions
	logger: Logger
	clientVersion: string
	reconnect?: Partial<ReconnectPolicy>
	/** How long a stopping server gets at each step before the next, harder one. */
	stopGraceMs?: number
	/** Where `${env:VAR}` is looked up; this process's environment by default. */
	env?: NodeJS.ProcessEnv
}

interface SourceState {
	file: string
	text: string | undefined
	entries: ServerEntry[]
	problems: McpConfigProblem[]
}

/** A server as a caller names it: the project's is chosen only when no global server has the name. */
export interface ServerRef {
	source?: McpSource
	name: string
}

export interface McpCallOptions {
	signal?: AbortSignal
	onProgress?: (progress: Progress) => void
}

const key = (source: McpSource, name: string) => `${source}\0${name}`

/** What makes a new connection necessary: how the server is reached. alwaysAllow and timeout are not. */
const sameLaunch = (a: ServerEntry, b: ServerEntry) =>
	!isInvalid(a) && !isInvalid(b) && a.disabled === b.disabled && isDeepStrictEqual(a.launch, b.launch)

/**
 * Every MCP server of the person's config file and of the workspace's: one connection each,
 * kept in step with the files (a change restarts only the servers whose entry changed), the
 * project's only with the person's consent. Views for clients, tools for tasks.
 */
export class McpHub {
	private readonly sources: Record<McpSource, SourceState>
	private readonly records = new Map<string, ServerRecord & { connection?: McpConnection }>()
	private readonly listeners = new Set<() => void>()
	private readonly watchers: { dispose(): void }[] = []
	private readonly consent: ProjectConsent
	private readonly reconnect: ReconnectPolicy
	/** Config changes are applied one at a time, in order. */
	private queue: Promise<void> = Promise.resolve()
	private changeQueued = false
	private disposed = false

	private constructor(private readonly options: McpHubOptions) {
		this.sources = {
			global: { file: options.globalConfigFile, text: undefined, entries: [], problems: [] },
			project: {
				file: options.projectConfigFile ?? path.join(options.workspaceRoot, ".cairn", "mcp.json"),
				text: undefined,
				entries: [],
				problems: [],
			},
		}
		this.consent = new ProjectConsent(
			options.projectConsent,
			options.workspaceRoot,
			this.sources.project.file,
		)
		this.reconnect = { ...defaultReconnectPolicy, ...options.reconnect }
	}

	/**
	 * Reads both files and starts their servers (it does not wait for them to connect), then
	 * watches the files. The person is asked about the project's servers in the background.
	 */
	static async start(options: McpHubOptions): Promise<McpHub> {
		const hub = new McpHub(options)
		for (const source of ["global", "project"] as const) {
			const state = hub.sources[source]
			const text = await hub.readText(source)
			await hub.enqueue(() => hub.apply(source, text))
			hub.watchers.push(
				watchConfigFile(
					state.file,
					hub.scopeOf(source),
					text,
					(changed) => void hub.enqueue(() => hub.apply(source, changed)),
					(error) => hub.problemReading(source, error),
				),
			)
		}
		return hub
	}

	snapshot(): McpSnapshot {
		return {
			servers: serverViews([...this.records.values()]),
			problems: [...this.sources.global.problems, ...this.sources.project.problems],
		}
	}

	/** Calls `listener` (at most once per tick) whenever anything in the snapshot may have changed. */
	onDidChange(listener: () => void): { dispose(): void } {
		this.listeners.add(listener)
		return { dispose: () => this.listeners.delete(listener) }
	}

	/** The connected servers' tools, named for the model. */
	tools(): OfferedTool[] {
		return offeredTools([...this.records.values()])
	}

	/** The connected servers with their tools, resources and templates, for the system prompt. */
	connectedServers(): ReturnType<McpHub["snapshot"]>["servers"] {
		return this.snapshot().servers.filter((server) => server.status === "connected")
	}

	/** Resolves once no server is connecting and no consent question is open (or after `timeoutMs`). */
	async settled(timeoutMs: number): Promise<void> {
		const deadline = Date.now() + timeoutMs
		const busy = () =>
			this.consent.asking || this.snapshot().servers.some((server) => server.status === "connecting")
		while (busy() && Date.now() < deadline) {
			await new Promise<void>((resolve) => {
				const timer = setTimeout(finish, deadline - Date.now())
				const subscription = this.onDidChange(finish)
				function finish() {
					clearTimeout(timer)
					subscription.dispose()
					resolve()
				}
			})
		}
		await this.queue
	}

	/**
	 * Waits as `settled` does and names the servers still connecting then (they connect side by
	 * side, so `timeoutMs` bounds the whole wait).
	 */
	async waitForServers(timeoutMs: number): Promise<McpServerNotReady[]> {
		const started = Date.now()
		await this.settled(timeoutMs)
		const waitedSeconds = Math.round((Date.now() - started) / 1000)
		return this.snapshot()
			.servers.filter((server) => server.status === "connecting")
			.map((server) => ({ server: server.name, source: server.source, waitedSeconds }))
	}

	async callTool(
		ref: ServerRef,
		tool: string,
		args: Record<string, unknown>,
		options: McpCallOptions = {},
	): Promise<CallToolResult> {
		return this.connectionOf(ref).callTool(tool, args, options)
	}

	async readResource(
		ref: ServerRef,
		uri: string,
		options: McpCallOptions = {},
	): Promise<ReadResourceResult> {
		return this.connectionOf(ref).readResource(uri, options)
	}

	/** The server's config and connection state, for describing a failed call. */
	server(ref: ServerRef): { config: McpServerConfig; connected: boolean; stderr: string[] } | undefined {
		const record = this.find(ref)
		if (record === undefined || isInvalid(record.entry)) return undefined
		return {
			config: record.connection?.config ?? record.entry,
			connected: record.connection?.status === "connected",
			stderr: record.connection?.view.stderr ?? [],
		}
	}

	/**
	 * Connects the server again. A project server without consent asks for it again (a "no"
	 * earlier in this session is forgotten); the config file is read again first.
	 */
	async restart(source: McpSource, name: string): Promise<void> {
		const record = this.records.get(key(source, name))
		if (record === undefined) throw new Error(`There is no ${source} MCP server named "${name}".`)
		if (source === "project" && record.blocked !== undefined) this.consent.forgetRefusals()
		const text = await this.readText(source)
		await this.enqueue(async () => {
			await this.apply(source, text)
			const current = this.records.get(key(source, name))
			if (current?.connection !== undefined && current === record) await current.connection.restart()
		})
	}

	/** Turns a server off or on, in its config file. */
	setDisabled(source: McpSource, name: string, disabled: boolean): Promise<void> {
		return this.edit(source, { kind: "setDisabled", server: name, disabled })
	}

	/**
	 * Writes a new server into the config file of `source` (created when missing), then applies
	 * the file as written: the entry is checked as a hand-written one is, and refused before
	 * anything is written when it is invalid or its name is taken. A project file's new text
	 * needs the person's consent as any change to it does.
	 */
	async addServer(source: McpSource, name: string, input: McpServerInput): Promise<void> {
		const file = this.sources[source].file
		const text = (await readConfigText(file, this.scopeOf(source))) ?? emptyConfigText
		const before = this.parse(source, text)
		if (!before.ok)
			throw new Error(`${file} cannot be changed: ${before.problems[0]?.message ?? "it is not valid"}`)
		if (before.entries.some((entry) => entry.name === name))
			throw new Error(`There is already a server named "${name}" in ${file}.`)
		const edited = applyConfigEdit(text, { kind: "add", server: name, entry: configEntryOf(input) })
		const after = this.parse(source, edited)
		const added = after.ok ? after.entries.find((entry) => entry.name === name) : undefined
		if (added === undefined || isInvalid(added))
			throw new Error(
				`The server "${name}" cannot be added: ${added?.error ?? "its entry is not valid"}`,
			)
		await writeConfigText(file, edited)
		await this.enqueue(() => this.apply(source, edited))
	}

	/** Removes a server from its config file (its process ends). */
	delete(source: McpSource, name: string): Promise<void> {
		return this.edit(source, { kind: "delete", server: name })
	}

	/** Lets one tool's calls run without asking, or ask again, in the config file's alwaysAllow. */
	setToolAlwaysAllow(source: McpSource, name: string, tool: string, alwaysAllow: boolean): Promise<void> {
		const entry = this.records.get(key(source, name))?.entry
		const current = entry === undefined || isInvalid(entry) ? [] : entry.alwaysAllow
		const tools = alwaysAllow ? [...new Set([...current, tool])] : current.filter((t) => t !== tool)
		return this.edit(source, { kind: "setAlwaysAllow", server: name, tools })
	}

	/** The config file of `source` (absolute). */
	configFile(source: McpSource): string {
		return this.sources[source].file
	}

	/** Ends every stdio server's process at once (see McpConnection.killNow); dispose() is the orderly way. */
	killNow(): void {
		for (const record of this.records.values()) record.connection?.killNow()
	}

	/** Stops watching and ends every server (every stdio server's processes are gone when this resolves). */
	async dispose(): Promise<void> {
		this.disposed = true
		for (const watcher of this.watchers) watcher.dispose()
		this.listeners.clear()
		await this.queue
		await Promise.all([...this.records.values()].map((record) => record.connection?.close()))
		this.records.clear()
	}

	private find(ref: ServerRef) {
		if (ref.source !== undefined) return this.records.get(key(ref.source, ref.name))
		return this.records.get(key("global", ref.name)) ?? this.records.get(key("project", ref.name))
	}

	private connectionOf(ref: ServerRef): McpConnection {
		const record = this.find(ref)
		if (record === undefined) throw new Error(`There is no MCP server named "${ref.name}".`)
		if (record.connection === undefined) {
			const view = serverViews([record])[0]
			throw new Error(
				`The MCP server "${ref.name}" is not running (${view?.status}${view?.error ? `: ${view.error}` : ""}).`,
			)
		}
		return record.connection
	}

	/** Where the file's real path must stay: the workspace, or the folder of the person's own file. */
	private scopeOf(source: McpSource): FileScope {
		return source === "project"
			? workspaceScope(this.options.workspaceRoot)
			: settingsScope(path.dirname(this.sources.global.file))
	}

	private async readText(source: McpSource): Promise<string | undefined> {
		try {
			return await readConfigText(this.sources[source].file, this.scopeOf(source))
		} catch (error) {
			this.problemReading(source, error as Error)
			return this.sources[source].text
		}
	}

	private problemReading(source: McpSource, error: Error): void {
		const state = this.sources[source]
		const problem: McpProblem = { kind: "config_unreadable", params: { said: error.message } }
		// The file reader's own refusal already says which file and why.
		const message = error instanceof UnreadFileError ? error.message : mcpProblemEnglish(problem)
		state.problems = [{ source, file: state.file, message, problem }]
		this.changed()
	}

	private enqueue(work: () => Promise<void>): Promise<void> {
		const run = this.queue.then(() => (this.disposed ? undefined : work()))
		this.queue = run.catch((error: unknown) =>
			this.options.logger.error("Applying an MCP config change failed", { error: String(error) }),
		)
		return run
	}

	/** Writes an edit to the file (failures reach the caller), then applies the file as written. */
	private async edit(source: McpSource, edit: ConfigEdit): Promise<void> {
		const file = this.sources[source].file
		const text = await readConfigText(file, this.scopeOf(source))
		const parsed = text === undefined ? undefined : this.parse(source, text)
		if (parsed === undefined || !parsed.ok)
			throw new Error(
				`${file} cannot be changed: ${parsed?.problems[0]?.message ?? "it does not exist"}`,
			)
		if (!parsed.entries.some((entry) => entry.name === edit.server))
			throw new Error(`There is no server named "${edit.server}" in ${file}.`)
		const edited = applyConfigEdit(text as string, edit)
		// The person changed the file through Cairn: their consent to it carries over to the edit.
		if (source === "project") await this.consent.carryOver(text as string, edited)
		await writeConfigText(file, edited)
		await this.enqueue(() => this.apply(source, edited))
	}

	private parse(source: McpSource, text: string) {
		return parseConfig({
			text,
			file: this.sources[source].file,
			source,
			workspaceRoot: this.options.workspaceRoot,
			env: this.env,
		})
	}

	private get env(): NodeJS.ProcessEnv {
		return this.options.env ?? process.env
	}

	/** Brings the servers of `source` in line with its file's text. */
	private async apply(source: McpSource, text: string | undefined): Promise<void> {
		const state = this.sources[source]
		if (text === undefined) {
			state.entries = []
			state.problems = []
		} else {
			const parsed = parseConfig({
				text,
				file: state.file,
				source,
				workspaceRoot: this.options.workspaceRoot,
				env: this.env,
			})
			state.problems = parsed.problems
			// A file that is not JSON (an editor mid-save) leaves its servers, and the consent asked
			// about, as they were.
			if (!parsed.ok) {
				this.changed()
				return
			}
			state.entries = parsed.entries
		}
		state.text = text
		const blocked = source === "project" ? await this.projectBlock(text) : undefined
		await this.reconcile(source, blocked)
	}

	/**
	 * Why the project's servers may not run, or undefined once the person agreed to this text.
	 * The person is asked in the background; their answer applies the file again.
	 */
	private async projectBlock(text: string | undefined): Promise<McpProblem | undefined> {
		const runnable = this.sources.project.entries.some((entry) => !entry.disabled && !isInvalid(entry))
		if (text === undefined || !runnable || (await this.consent.allowed(text))) return undefined
		this.consent.ask(
			text,
			() => void this.enqueue(() => this.apply("project", this.sources.project.text)),
		)
		return this.consent.asking ? this.consent.waitingProblem : this.consent.refusedProblem
	}

	private async reconcile(source: McpSource, blocked: McpProblem | undefined): Promise<void> {
		const wanted = new Map(this.sources[source].entries.map((entry) => [entry.name, entry]))
		const stopping: Promise<void>[] = []
		for (const [recordKey, record] of this.records) {
			if (record.entry.source !== source) continue
			const next = wanted.get(record.entry.name)
			const keep =
				next !== undefined &&
				sameLaunch(record.entry, next) &&
				(blocked === undefined) === (record.blocked === undefined)
			if (keep) {
				if (blocked !== undefined) record.blocked = blocked
				continue
			}
			this.records.delete(recordKey)
			if (record.connection) stopping.push(record.connection.close())
		}
		await Promise.all(stopping)
		for (const entry of wanted.values()) {
			const existing = this.records.get(key(source, entry.name))
			if (existing !== undefined) {
				existing.entry = entry
				if (!isInvalid(entry)) existing.connection?.updateConfig(entry)
				continue
			}
			const record: ServerRecord & { connection?: McpConnection } = { entry, state: undefined }
			if (blocked !== undefined) record.blocked = blocked
			else if (!isInvalid(entry) && !entry.disabled) record.connection = this.connect(record, entry)
			this.records.set(key(source, entry.name), record)
		}
		this.sortRecords()
		this.changed()
	}

	private connect(record: ServerRecord, config: McpServerConfig): McpConnection {
		const connection = new McpConnection(config, {
			clientVersion: this.options.clientVersion,
			logger: this.options.logger,
			reconnect: this.reconnect,
			stopGraceMs: this.options.stopGraceMs ?? 1_000,
			onChange: () => {
				record.state = connection.view
				this.changed()
			},
		})
		record.state = connection.view
		connection.start()
		return connection
	}

	/** Global servers first, each in its file's order. */
	private sortRecords(): void {
		const order = [...this.sources.global.entries, ...this.sources.project.entries].map((e) =>
			key(e.source, e.name),
		)
		const sorted = [...this.records.entries()].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
		this.records.clear()
		for (const [k, record] of sorted) this.records.set(k, record)
	}

	private changed(): void {
		if (this.changeQueued) return
		this.changeQueued = true
		queueMicrotask(() => {
			this.changeQueued = false
			for (const listener of this.listeners) listener()
		})
	}
}
