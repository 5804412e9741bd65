import { mkdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import type { McpServerView, McpSnapshot } from "@cairn/types"
import type { ConsentAsker } from "../../consent/repositoryConsent.js"
import type { KeyValueStore } from "../../host/Host.js"
import { McpHub } from "../../mcp/McpHub.js"
import { recordingLogger } from "../recordingLogger.js"
import { makeTempDir } from "../tempDir.js"

export interface HubHarness {
	hub: McpHub
	dir: string
	workspace: string
	globalFile: string
	projectFile: string
	/** A file fixture servers append their pids to (MCP_FIXTURE_PID_FILE). */
	pidFile: string
	pids(): Promise<number[]>
	/** Resolves when `predicate` holds for the hub's snapshot (checked at each change). */
	until(
		predicate: (snapshot: McpSnapshot) => boolean,
		what: string,
		timeoutMs?: number,
	): Promise<McpSnapshot>
	server(name: string, source?: "global" | "project"): McpServerView | undefined
	cleanup(): Promise<void>
}

export const memoryState = (): KeyValueStore => {
	const values = new Map<string, unknown>()
	return { get: async (k) => values.get(k), set: async (k, v) => void values.set(k, v) }
}

/** A hub on real config files in a temp folder, with short reconnect delays. */
export async function startHub(
	options: {
		global?: unknown
		project?: unknown
		/** Other files of the workspace before the hub starts, by workspace-relative path (other tools' server files). */
		workspaceFiles?: Record<string, unknown>
		ask?: ConsentAsker
		state?: KeyValueStore
		env?: NodeJS.ProcessEnv
	} = {},
): Promise<HubHarness> {
	const temp = await makeTempDir("cairn-mcp-hub-")
	const workspace = path.join(temp.dir, "workspace")
	await mkdir(workspace)
	const globalFile = path.join(temp.dir, "home", "mcp.json")
	const projectFile = path.join(workspace, ".cairn", "mcp.json")
	const write = async (file: string, config: unknown) => {
		await mkdir(path.dirname(file), { recursive: true })
		await writeFile(file, typeof config === "string" ? config : JSON.stringify(config, null, 2))
	}
	if (options.global !== undefined) await write(globalFile, options.global)
	if (options.project !== undefined) await write(projectFile, options.project)
	for (const [relative, content] of Object.entries(options.workspaceFiles ?? {}))
		await write(path.join(workspace, relative), content)
	const pidFile = path.join(temp.dir, "pids")
	const hub = await McpHub.start({
		workspaceRoot: workspace,
		globalConfigFile: globalFile,
		projectConsent: {
			state: options.state ?? memoryState(),
			...(options.ask && { ask: options.ask }),
			howToAllow: "Run with --allow-project-mcp to allow them.",
		},
		logger: recordingLogger(),
		clientVersion: "test",
		reconnect: { baseDelayMs: 50, maxDelayMs: 200, maxAttempts: 3 },
		stopGraceMs: 200,
		env: { ...process.env, MCP_FIXTURE_PID_FILE: pidFile, ...options.env },
	})
	return {
		hub,
		dir: temp.dir,
		workspace,
		globalFile,
		projectFile,
		pidFile,
		async pids() {
			const text = await readFile(pidFile, "utf8").catch(() => "")
			return text
				.split("\n")
				.filter((line) => line !== "")
				.map(Number)
		},
		until(predicate, what, timeoutMs = 30_000) {
			return new Promise((resolve, reject) => {
				const timer = setTimeout(
					() =>
						reject(new Error(`timed out waiting for ${what}: ${JSON.stringify(hub.snapshot())}`)),
					timeoutMs,
				)
				const check = () => {
					const snapshot = hub.snapshot()
					if (!predicate(snapshot)) return
					clearTimeout(timer)
					subscription.dispose()
					resolve(snapshot)
				}
				const subscription = hub.onDidChange(check)
				check()
			})
		},
		server: (name, source) =>
			hub
				.snapshot()
				.servers.find((s) => s.name === name && (source === undefined || s.source === source)),
		async cleanup() {
			await hub.dispose()
			await temp.remove()
		},
	}
}
