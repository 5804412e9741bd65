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
import { withEnvFiles } from "./envFile.js"
import { parseConfig } from "./parseConfig.js"
import { mcpProblemEnglish } from "./mcpProblemText.js"
import { ProjectConsent, type ConsentFile, type ProjectConsentOptions } from "./projectConsent.js"
import { defaultReconnectPolicy, type ReconnectPolicy } from "./reconnectPolicy.js"
import { isInvalid, type McpServerConfig, type ServerEntry } from "./serverConfig.js"
import { offeredTools, serverViews, type OfferedTool, type ServerRecord } from "./serverViews.js"
import { globalServerFile, projectServerFiles, type ServerFile } from "./serverFiles.js"
import { firstDefinitionWins } from "./shadowing.js"

export interface McpHubOptions {
	workspaceRoot: string
	/** The person's own servers (VS Code: in Cairn's storage; CLI: $CAIRN_HOME/mcp.json or --mcp-config). */
	globalConfigFile: string
	/**
	 * Cairn's own file of the workspace's servers; `<workspace>/.cairn/mcp.json` by default. Other
	 * tools' files in the workspace are read after it (see projectServerFiles).
	 */
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

/** A config file as last read. */
interface FileState extends ServerFile {
	text: string | undefined
	entries: ServerEntry[]
	problems: McpConfigProblem[]
	/** The person's consent to a workspace file's text (none for the person's own file). */
	consent?: ProjectConsent
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

/** The env files a file's servers read, with what each held then (see envFile.ts), by path. */
const envFilesOf = (entries: readonly ServerEntry[]): ConsentFile[] =>
	entries
		.flatMap((entry) => (isInvalid(entry) || entry.envFileRead === undefined ? [] : [entry.envFileRead]))
		.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))

/** What makes a new connection necessary: how the server is reached. alwaysAllow and timeout are not. */
const sameLaunch = (a: ServerEntry, b: ServerEntry) =>
	!isInvalid(a) && !isInvalid(b) && a.disabled === b.disabled && isDeepStrictEqual(a.launch, b.launch)

/**
 * Every MCP server of the person's config file and of the workspace's files (Cairn's own and
 * other tools'): one connection each, kept in step with the files (a change restarts only the
 * servers whose entry changed), a workspace file's only with the person's consent to that file.
 * Views for clients, tools for tasks.
 */
export class McpHub {
	/** The person's file, then the workspace's in lookup order. */
	private readonly files: FileState[]
	private readonly records = new Map<string, ServerRecord & { connection?: McpConnection }>()
	private readonly listeners = new Set<() => void>()
	private readonly watchers: { dispose(): void }[] = []
	private readonly reconnect: ReconnectPolicy
	/** Config changes are applied one at a time, in order. */
	private queue: Promise<void> = Promise.resolve()
	private changeQueued = false
	private disposed = false

	private constructor(private readonly options: McpHubOptions) {
		const unread = { text: undefined, entries: [], problems: [] }
		this.files = [
			{ ...globalServerFile(options.globalConfigFile), ...unread },
			...projectServerFiles(options.workspaceRoot, options.projectConfigFile).map((file) => ({
				...file,
				...unread,
				consent: new ProjectConsent(options.projectConsent, options.workspaceRoot, file),
			})),
		]
		this.reconnect = { ...defaultReconnectPolicy, ...options.reconnect }
	}

	/**
	 * Reads the files and starts their servers (it does not wait for them to connect), then
	 * watches the files. The person is asked about the workspace's servers in the background.
	 */
	static async start(options: McpHubOptions): Promise<McpHub> {
		const hub = new McpHub(options)
		// In lookup order, so a shadowed server is never started only to be stopped again.
		for (const state of hub.files) {
			const text = await hub.readText(state)
			await hub.enqueue(() => hub.apply(state, text))
			hub.watchers.push(
				watchConfigFile(
					state.file,
					hub.scopeOf(state),
					text,
					(changed) => void hub.enqueue(() => hub.apply(state, changed)),
					(error) => hub.problemReading(state, error),
				),
			)
		}
		return hub
	}

	snapshot(): McpSnapshot {
		return {
			servers: serverViews([...this.records.values()]),
			problems: this.files.flatMap((state) => state.problems),
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
			this.files.some((state) => state.consent?.asking) ||
			this.snapshot().servers.some((server) => server.status === "connecting")
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
	 * earlier in this session is forgotten); its config file is read again first.
	 */
	async restart(source: McpSource, name: string): Promise<void> {
		const record = this.records.get(key(source, name))
		if (record === undefined) throw new Error(`There is no ${source} MCP server named "${name}".`)
		const state = this.fileOf(record.entry)
		if (record.blocked !== undefined) state.consent?.forgetRefusals()
		const text = await this.readText(state)
		await this.enqueue(async () => {
			await this.apply(state, text)
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
		const state = this.ownFile(source)
		const file = state.file
		const text = (await readConfigText(file, this.scopeOf(state))) ?? emptyConfigText
		const before = this.parse(state, text)
		if (!before.ok)
			throw new Error(`${file} cannot be changed: ${before.problems[0]?.message ?? "it is not valid"}`)
		if (before.entries.some((entry) => entry.name === name))
			throw new Error(`There is already a server named "${name}" in ${file}.`)
		const edited = applyConfigEdit(text, { kind: "add", server: name, entry: configEntryOf(input) })
		const after = this.parse(state, edited)
		const added = after.ok ? after.entries.find((entry) => entry.name === name) : undefined
		if (added === undefined || isInvalid(added))
			throw new Error(
				`The server "${name}" cannot be added: ${added?.error ?? "its entry is not valid"}`,
			)
		await writeConfigText(file, edited)
		await this.enqueue(() => this.apply(state, edited))
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

	/** Cairn's own config file of `source` (absolute), where new servers are written. */
	configFile(source: McpSource): string {
		return this.ownFile(source).file
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

	/** The first file of `source`: the person's own, or the workspace's `.cairn/mcp.json`. */
	private ownFile(source: McpSource): FileState {
		return this.files.find((state) => state.source === source) as FileState
	}

	/** The file an entry was read from. */
	private fileOf(entry: ServerEntry): FileState {
		return (
			this.files.find((state) => state.source === entry.source && state.file === entry.configFile) ??
			this.ownFile(entry.source)
		)
	}

	/** Where the file's real path must stay: the workspace, or the folder of the person's own file. */
	private scopeOf(state: FileState): FileScope {
		return state.source === "project"
			? workspaceScope(this.options.workspaceRoot)
			: settingsScope(path.dirname(state.file))
	}

	private async readText(state: FileState): Promise<string | undefined> {
		try {
			return await readConfigText(state.file, this.scopeOf(state))
		} catch (error) {
			this.problemReading(state, error as Error)
			return state.text
		}
	}

	private problemReading(state: FileState, error: Error): void {
		const problem: McpProblem = { kind: "config_unreadable", params: { said: error.message } }
		// The file reader's own refusal already says which file and why.
		const message = error instanceof UnreadFileError ? error.message : mcpProblemEnglish(problem)
		state.problems = [{ source: state.source, file: state.file, message, problem }]
		this.changed()
	}

	private enqueue(work: () => Promise<void>): Promise<void> {
		const run = this.queue.then(() => (this.disposed ? undefined : work()))
		this.queue = run.catch((error: unknown) =>
			this.options.logger.error("Applying an MCP config change failed", { error: String(error) }),
		)
		return run
	}

	/**
	 * Writes an edit to the file the server is read from (failures reach the caller), then
	 * applies the file as written.
	 */
	private async edit(source: McpSource, edit: ConfigEdit): Promise<void> {
		const entry = this.records.get(key(source, edit.server))?.entry
		const state = entry === undefined ? this.ownFile(source) : this.fileOf(entry)
		const file = state.file
		const text = await readConfigText(file, this.scopeOf(state))
		const parsed = text === undefined ? undefined : this.parse(state, text)
		if (parsed === undefined || !parsed.ok)
			throw new Error(
				`${file} cannot be changed: ${parsed?.problems[0]?.message ?? "it does not exist"}`,
			)
		if (!parsed.entries.some((entry) => entry.name === edit.server))
			throw new Error(`There is no server named "${edit.server}" in ${file}.`)
		const edited = applyConfigEdit(text as string, edit, state.serversKey)
		// The person changed the file through Cairn: their consent to it carries over to the edit.
		await state.consent?.carryOver(text as string, edited, envFilesOf(state.entries))
		await writeConfigText(file, edited)
		await this.enqueue(() => this.apply(state, edited))
	}

	private parse(state: FileState, text: string) {
		return parseConfig({
			text,
			file: state.file,
			source: state.source,
			workspaceRoot: this.options.workspaceRoot,
			env: this.env,
			format: state,
		})
	}

	private get env(): NodeJS.ProcessEnv {
		return this.options.env ?? process.env
	}

	/** Brings the servers of the file's source in line with the file's text. */
	private async apply(state: FileState, text: string | undefined): Promise<void> {
		if (text === undefined) {
			state.entries = []
			state.problems = []
		} else {
			const parsed = this.parse(state, text)
			state.problems = parsed.problems
			// A file that is not JSON (an editor mid-save) leaves its servers, and the consent asked
			// about, as they were.
			if (!parsed.ok) {
				this.changed()
				return
			}
			// Read again with the file, so a Restart picks up a changed envFile.
			const read = await withEnvFiles(parsed.entries, state, this.scopeOf(state))
			state.entries = read.entries
			state.problems = [...parsed.problems, ...read.problems]
		}
		state.text = text
		await this.reconcile(state.source)
	}

	/**
	 * Why the servers a workspace file gives (those no earlier file shadows) may not run, or
	 * undefined once the person agreed to this file's text. The person is asked in the
	 * background; their answer applies the file again.
	 */
	private async blockOf(state: FileState, used: readonly ServerEntry[]): Promise<McpProblem | undefined> {
		const consent = state.consent
		const runnable = used.some((entry) => !entry.disabled && !isInvalid(entry))
		if (consent === undefined || state.text === undefined || !runnable) return undefined
		// The servers start with the variables of their env files as read: the consent covers those too.
		const files = envFilesOf(state.entries)
		if (await consent.allowed(state.text, files)) return undefined
		consent.ask(state.text, files, () => void this.enqueue(() => this.apply(state, state.text)))
		return consent.asking ? consent.waitingProblem : consent.refusedProblem
	}

	private async reconcile(source: McpSource): Promise<void> {
		const files = this.files.filter((state) => state.source === source)
		const wanted = firstDefinitionWins(files)
		const blocks = new Map<string, McpProblem>()
		for (const state of files) {
			const used = state.entries.filter((entry) => wanted.get(entry.name)?.entry === entry)
			const blocked = await this.blockOf(state, used)
			if (blocked !== undefined) for (const entry of used) blocks.set(entry.name, blocked)
		}
		const stopping: Promise<void>[] = []
		for (const [recordKey, record] of this.records) {
			if (record.entry.source !== source) continue
			const next = wanted.get(record.entry.name)?.entry
			const blocked = next && blocks.get(next.name)
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
		for (const { entry, shadows } of wanted.values()) {
			const existing = this.records.get(key(source, entry.name))
			if (existing !== undefined) {
				existing.entry = entry
				existing.shadows = shadows
				if (!isInvalid(entry)) existing.connection?.updateConfig(entry)
				continue
			}
			const record: ServerRecord & { connection?: McpConnection } = { entry, state: undefined, shadows }
			const blocked = blocks.get(entry.name)
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

	/** Global servers first, then the workspace's files in lookup order, each in its file's order. */
	private sortRecords(): void {
		const order = this.files.flatMap((state) => state.entries).map((e) => key(e.source, e.name))
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
