import { z } from "zod"
import type { McpSnapshot } from "../mcp/mcpServerView.js"
import type { ParseResult } from "../parse.js"
import type { ListedModel } from "../settings/modelList.js"
import type { ProviderProfile } from "../settings/profiles.js"
import { cairnSettingsPatchSchema, type CairnSettings } from "../settings/settings.js"
import { trustSettingsIn, trustSettingsRefusal } from "../settings/trustSettings.js"
import { imagesSchema, userTextSchema } from "../webview/limits.js"
import type { Landing, TaskCard } from "../board/taskCard.js"
import { gitRefSchema, worktreeNameSchema } from "../webview/boardMessages.js"
import type { ExtensionMessageOf } from "../webview/extensionMessage.js"
import type { WebviewMessage } from "../webview/webviewMessage.js"
import type { CairnAPIEvents } from "./events.js"

/**
 * A change to Cairn's configuration from the API or the IPC socket: any subset of the everyday
 * settings, and a model on the current profile's endpoint. Trust settings (see trustSettingsIn),
 * the API key among them, are refused unless the person who started the editor let programs
 * change them (CAIRN_API_MAY_CHANGE_TRUST_SETTINGS); the key then goes to the host's secret
 * storage and is never returned.
 */
export const cairnConfigurationPatchSchema = cairnSettingsPatchSchema
	.extend({ apiKey: z.string().min(1).max(10_000).optional() })
	.strict()
export type CairnConfigurationPatch = z.infer<typeof cairnConfigurationPatchSchema>

export interface ConfigurationContext {
	/** The settings in effect now (a model change on the same endpoint is not a trust change). */
	current: Pick<CairnSettings, "provider">
	/** The person let programs change trust settings too. */
	mayChangeTrust: boolean
}

/**
 * The protocol messages that apply a configuration patch: the settings, then the key for the
 * provider configured after them. An error, before any message, when the patch names a trust
 * setting a program may not change, or a key comes with no provider to store it for; so a patch
 * is applied whole or not at all.
 */
export function configurationMessages(
	patch: CairnConfigurationPatch,
	{ current, mayChangeTrust }: ConfigurationContext,
): ParseResult<WebviewMessage[]> {
	const trust = trustSettingsIn(patch, current)
	if (trust.length > 0 && !mayChangeTrust) return { success: false, error: trustSettingsRefusal(trust) }
	const { apiKey, ...settings } = patch
	const messages: WebviewMessage[] = []
	if (Object.keys(settings).length > 0)
		messages.push({ type: trust.length > 0 ? "updateTrustSettings" : "updateSettings", settings })
	if (apiKey !== undefined) {
		const provider = settings.provider?.provider ?? current.provider?.provider
		if (provider === undefined)
			return {
				success: false,
				error: "apiKey: no provider is configured to store it for; set provider too",
			}
		messages.push({ type: "updateApiKey", provider, apiKey })
	}
	return { success: true, data: messages }
}

/** What `startNewTask` takes: the first message, and a configuration to apply before the task starts. */
export const startTaskOptionsSchema = z
	.object({
		text: userTextSchema.min(1, "a task needs text"),
		images: imagesSchema.optional(),
		configuration: cairnConfigurationPatchSchema.optional(),
	})
	.strict()
export type StartTaskOptions = z.infer<typeof startTaskOptionsSchema>

/**
 * What `startTaskInWorktree` takes: the first message, and the worktree's name and base (a new
 * branch from the workspace's HEAD by default), as the board's start form asks.
 */
export const startWorktreeTaskOptionsSchema = z
	.object({
		text: userTextSchema.min(1, "a task needs text"),
		images: imagesSchema.optional(),
		mode: z.string().min(1).max(100).optional(),
		name: worktreeNameSchema.optional(),
		base: gitRefSchema.optional(),
	})
	.strict()
export type StartWorktreeTaskOptions = z.infer<typeof startWorktreeTaskOptionsSchema>

/** A task's change against its worktree's base: the files and a unified patch. */
export type TaskDiff = Omit<ExtensionMessageOf<"cardDiff">, "type">

/** How landing a task went: its landing, as its card shows it. */
export type LandHow = Landing["how"]

/**
 * How a discard went: done, or refused because the worktree holds work that is not landed,
 * committed or pushed (`loss` names it; discard again with exactly that list to confirm).
 */
export type DiscardOutcome = { discarded: true } | { discarded: false; loss: string[] }

/** A checkpoint of the current task: its row's `ts`, its id, why it was saved, and for a restore's row what it restored to. */
export interface CheckpointInfo {
	ts: number
	id: string
	reason: "taskStart" | "beforeChange" | "beforeRestore"
	restoredTo?: string
}

/** The files changed since a checkpoint and the change as a unified diff. */
export type CheckpointDiff = Omit<ExtensionMessageOf<"checkpointDiff">, "type">

type ApiListener<K extends keyof CairnAPIEvents> = (...args: CairnAPIEvents[K]) => unknown

/**
 * What `activate()` of the Cairn extension returns (seed 002's API under our names): a typed event
 * emitter and the methods to drive tasks. A listener that throws is logged and never stops the
 * task or the other listeners. Methods wait for the agent to load when it has not yet.
 */
export interface CairnAPI {
	on<K extends keyof CairnAPIEvents>(event: K, listener: ApiListener<K>): this
	once<K extends keyof CairnAPIEvents>(event: K, listener: ApiListener<K>): this
	off<K extends keyof CairnAPIEvents>(event: K, listener: ApiListener<K>): this

	/** Starts a task (replacing the current one) and resolves with its id. */
	startNewTask(options: StartTaskOptions): Promise<string>
	/**
	 * Sends text as the chat box would: it starts a task when there is none, answers an ask that
	 * takes text, and waits for the next ask that takes it while the agent works. Rejects when the
	 * current ask only takes a button (a failed request).
	 */
	sendMessage(text?: string, images?: string[]): Promise<void>
	/** Presses the chat's primary button for the current ask; false when there is no enabled one. */
	pressPrimaryButton(): Promise<boolean>
	/** Presses the chat's secondary button for the current ask; false when there is no enabled one. */
	pressSecondaryButton(): Promise<boolean>
	/** Stops what the current task is doing; it offers to resume. */
	cancelCurrentTask(): Promise<void>
	/** Ends the current task; it stays in the history. */
	clearCurrentTask(): Promise<void>
	/**
	 * Condenses the current task's conversation now (one summarization request), whatever its
	 * size, as the task header's button does. Resolves when it is over: the transcript then shows
	 * a `condense_context` row, or a `condense_context_error` row saying why it could not. Rejects
	 * when there is no current task.
	 */
	condenseTaskContext(): Promise<void>
	/** The current task's checkpoints, oldest first; empty when there is no task or none was saved. */
	getCheckpoints(): Promise<CheckpointInfo[]>
	/** Every configured MCP server with its status, tools and resources, and the config files' problems. */
	getMcpServers(): Promise<McpSnapshot>
	/**
	 * Restores the files to the checkpoint of row `ts` (`filesAndTask`: and rewinds the task to
	 * it), as the chat's buttons do. Resolves when the task is open again; rejects, changing
	 * nothing, for a row that is not a checkpoint or when checkpoints are unavailable.
	 */
	restoreCheckpoint(options: { ts: number; mode: "files" | "filesAndTask" }): Promise<void>
	/** What changed since the checkpoint of row `ts` (or since the task's first one): the files and a unified diff. */
	getCheckpointDiff(options: { ts: number; since: "checkpoint" | "task" }): Promise<CheckpointDiff>
	/** Rewinds the task to before the person's message `ts` and sends `text` in its place (files restored with `restoreFiles`). */
	editMessage(options: {
		ts: number
		text: string
		images?: string[]
		restoreFiles: boolean
	}): Promise<void>
	/** Rewinds the task to before the person's message `ts` (files restored with `restoreFiles`). */
	deleteMessage(options: { ts: number; restoreFiles: boolean }): Promise<void>
	/** Opens a task of the history where it stopped (it offers to resume); rejects for an unknown id. */
	resumeTask(taskId: string): Promise<void>
	isTaskInHistory(taskId: string): Promise<boolean>
	/** The current task's id and its parents', innermost last; empty when there is no task. */
	getCurrentTaskStack(): Promise<string[]>
	getConfiguration(): Promise<CairnSettings>
	/** Applies a partial configuration; rejects, changing nothing, when any field is invalid. */
	setConfiguration(values: CairnConfigurationPatch): Promise<void>
	/** The saved provider profiles (never their keys), and which one is current. */
	getProfiles(): Promise<{ profiles: ProviderProfile[]; currentProfileId: string | undefined }>
	/**
	 * Makes the profile named `name` current, as the chat box's picker does: the next task uses it,
	 * and the task on screen from its next request. Rejects for a name not saved, listing the saved ones.
	 */
	selectProfile(name: string): Promise<void>
	/**
	 * The current profile's provider's models, with what the provider says of each; rejects with
	 * the provider's reason (a rejected key, an address that does not answer) when it cannot list them.
	 */
	listModels(): Promise<ListedModel[]>
	/**
	 * Starts a task in a new git worktree of the workspace, beside the chat's task (as the board
	 * does; it may wait for a place under the concurrency limit). Resolves with its card, whose
	 * `worktree` says where it works and on which branch; rejects when the workspace has no
	 * worktrees (not a git repository) or the worktree cannot be made.
	 */
	startTaskInWorktree(options: StartWorktreeTaskOptions): Promise<TaskCard>
	/** The workspace's running and recent tasks as the board shows them, newest first (tasks of other processes marked `elsewhere`). */
	listTasks(): Promise<TaskCard[]>
	/** A worktree task's change against its base; rejects for a task without a worktree. */
	getTaskDiff(taskId: string): Promise<TaskDiff>
	/**
	 * Lands a worktree task's work: merges its branch into the workspace's current branch, applies
	 * it as uncommitted changes, or pushes it and opens a pull request. Rejects, naming the
	 * conflicted files, when a merge stops on conflicts (both sides are left for the person).
	 */
	landTask(taskId: string, how: LandHow): Promise<Landing>
	/**
	 * Removes a worktree task's worktree and branch without landing. When that would lose work it
	 * changes nothing and resolves with the loss; `confirmedLoss` equal to that list confirms it.
	 */
	discardTask(taskId: string, confirmedLoss?: string[]): Promise<DiscardOutcome>
	/** Whether the agent is loaded (methods load it on first use). */
	isReady(): boolean
}
