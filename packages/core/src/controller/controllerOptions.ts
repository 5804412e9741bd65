import type {
	BudgetLimit,
	CairnAPIEvents,
	CardChanges,
	CardChecks,
	CardWorktree,
	ExtensionMessageOf,
	Landing,
	ProviderSettings,
} from "@cairn/types"
import type { IndexProgress } from "../codebase-index/indexProgress.js"
import type { Host } from "../host/Host.js"
import type { ReconnectPolicy } from "../mcp/reconnectPolicy.js"
import type { ModelProvider, ToolSpec } from "../providers/modelProvider.js"
import type { TelemetryRun } from "../telemetry/exportConfig.js"
import type { ToolDefinition } from "../tools/toolDefinition.js"
import type { IsolatedEmitter } from "./isolatedEmitter.js"

export interface ControllerOptions {
	host: Host
	version: string
	tools: readonly ToolDefinition[]
	toolSpecs: readonly ToolSpec[]
	buildProvider: (settings: ProviderSettings, apiKey: string | undefined) => ModelProvider
	/** First retry delay when the provider gives no retry-after; tests shorten it. */
	retryBaseDelayMs?: number
	/**
	 * Where API events go. The extension passes the emitter it handed out before the agent
	 * loaded, so listeners added early hear everything; by default the Controller makes its own.
	 */
	events?: IsolatedEmitter<CairnAPIEvents>
	/** False turns checkpoints off for this Controller's life whatever the settings say (the CLI's --no-checkpoints). */
	checkpoints?: boolean
	/** Each task's budget for this Controller's life, over the setting's (the CLI's --max-cost, --max-tokens). */
	taskBudget?: BudgetLimit
	/** MCP servers; absent: this Controller runs none. */
	mcp?: ControllerMcpOptions
	/** Hears how the codebase index is coming along (the extension shows the first build). */
	onCodebaseIndexProgress?: (progress: IndexProgress) => void
	/**
	 * The workspace's task worktrees and their landing. By default the workspace's own
	 * (worktrees/worktreesPort.ts), opened when first used; outside a git repository (or without
	 * git) each call fails saying so, and tasks run in place only.
	 */
	worktrees?: TaskWorktreesPort
	/** This run's OpenTelemetry export (the CLI's --otel-endpoint), in place of the settings'. */
	telemetry?: TelemetryRun
	/** Keys given to this process outside secret storage (the CLI's --api-key, its environment): never exported. */
	knownSecrets?: readonly (string | undefined)[]
}

export interface ControllerMcpOptions {
	/** The person's own config file (VS Code: `<storage>/settings/mcp_settings.json`; CLI: `$CAIRN_HOME/mcp.json`). */
	globalConfigFile: string
	/** `<workspace>/.cairn/mcp.json` by default. */
	projectConfigFile?: string
	/** How the person allows the workspace's servers on this host, e.g. "Run with --allow-project-mcp." */
	howToAllowProject: string
	/** Reconnect timings (tests shorten them). */
	reconnect?: Partial<ReconnectPolicy>
	stopGraceMs?: number
	/** Where `${env:VAR}` is looked up; this process's environment by default. */
	env?: NodeJS.ProcessEnv
	/**
	 * How long a task's first request waits for servers still connecting (side by side, so this
	 * bounds the whole wait); 10 s by default.
	 */
	readyTimeoutMs?: number
}

/** A new worktree for a task: where it works and what its commands get. */
export interface CreatedWorktree {
	/** The worktree's folder: the task's workspace root. */
	root: string
	/** Variables its commands get (`CAIRN_WORKTREE_INDEX`, `PORT`). */
	env: Record<string, string>
	worktree: CardWorktree
}

export type CardDiff = Omit<ExtensionMessageOf<"cardDiff">, "type" | "taskId">

/**
 * What the board needs of the worktrees and landing parts, by task id. Every method rejects with
 * an Error whose message is meant for the person (it is shown as it is).
 */
export interface TaskWorktreesPort {
	create(taskId: string, request: { name?: string; base?: string }): Promise<CreatedWorktree>
	/** What the task's worktree changed against its base; undefined when it has none. */
	changes(taskId: string): Promise<CardChanges | undefined>
	diff(taskId: string): Promise<CardDiff>
	/** Shows `diff` (the task's, from `diff`) in the editor's multi-diff view; absent where there is none (the board sends `cardDiff`). */
	showDiff?(taskId: string, diff: CardDiff): Promise<void>
	land(taskId: string, how: Landing["how"]): Promise<Landing>
	/** The work removing the worktree would lose (uncommitted files, commits on no other branch or remote). */
	unlanded(taskId: string): Promise<string[]>
	/** Removes the worktree and its branch (only called once any loss was confirmed). */
	discard(taskId: string): Promise<void>
	/** Why tasks cannot get worktrees here (a sentence), and whether the folder is in no repository; undefined when they can. */
	unavailable(): Promise<{ reason: string; notARepository: boolean } | undefined>
	/** `git init` in the workspace folder, which is in no repository (refused otherwise); nothing is committed. */
	initRepository(): Promise<void>
	/** Runs the repository's test command in the worktree; `onProgress` hears the running state. */
	runChecks(taskId: string, onProgress?: (checks: CardChecks) => void): Promise<CardChecks>
}
