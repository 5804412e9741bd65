import { randomUUID } from "node:crypto"
import type { HistoryItem, ProviderProfile, ProviderSettings } from "@cairn/types"
import type { BudgetPlace, Budgets } from "../budgets/budgets.js"
import { stackSpentOnRecord } from "../budgets/stackSpend.js"
import type { CheckpointStore } from "../checkpoints/checkpointStore.js"
import { TaskCheckpoints, type CheckpointsUnavailable } from "../checkpoints/taskCheckpoints.js"
import type { CodebaseIndexing } from "../codebase-index/codebaseIndexing.js"
import type { Host } from "../host/Host.js"
import { openLedger } from "../ledger/openLedger.js"
import { learnSubtasksOnRecord } from "../ledger/subtaskLedgers.js"
import { hostWith } from "../host/hostWith.js"
import type { ModeCatalog } from "../modes/modeCatalog.js"
import type { ModelProvider } from "../providers/modelProvider.js"
import type { SubtaskStack } from "../subtasks/subtaskStack.js"
import type { TelemetryExport } from "../telemetry/telemetryExport.js"
import { Task } from "../task/Task.js"
import { TaskBilling } from "../task/taskBilling.js"
import type { SavedTask } from "../task/taskPersistence.js"
import { checkpointRows } from "./checkpointRows.js"
import type { ControllerOptions } from "./controllerOptions.js"
import type { OffScreenPreviews } from "../tasks/offScreenPreviews.js"
import { hostInPlace, type TaskPlace } from "../tasks/taskPlace.js"
import { textFor } from "./personText.js"
import type { SettingsStore } from "./settingsStore.js"
import type { ControllerMcp } from "./startMcp.js"
import type { TaskProviders } from "./taskProviders.js"
import type { TaskWriters } from "./taskWriters.js"

/** What every task the Controller makes is wired to; the functions are called as a task is made. */
export interface TaskFactoryParts {
	host: Host
	options: ControllerOptions
	settingsStore: SettingsStore
	taskProviders: TaskProviders
	codebaseIndex: CodebaseIndexing
	writers: TaskWriters
	subtasks: SubtaskStack
	mcp(): ControllerMcp | undefined
	/** The modes of the folder a task works in (a worktree reads its own project modes). */
	modes(root: string): Promise<ModeCatalog>
	/** Keeps the edits of a task the chat does not show out of the editor. */
	previews: OffScreenPreviews
	/** The spending limits every task spends from. */
	budgets: Budgets
	/** The checkpoints of the folder a task works in. */
	checkpointStore(root: string): Promise<CheckpointStore | CheckpointsUnavailable>
	/** OpenTelemetry export, when the person turned it on. */
	telemetry: TelemetryExport
}

export interface NewTaskOptions {
	mode: string
	/** A stored task's id; a new id otherwise. */
	taskId?: string
	/** A stored task read back from disk, to resume. */
	saved?: SavedTask
	/** The stored history, with a task read back: its budget goes on from what its stack spent on record. */
	history?: readonly HistoryItem[]
	/** Where it works: the workspace by default. */
	place?: TaskPlace
	/** The profile it talks to: the current one by default. */
	profile?: ProviderProfile
	/** A subtask's parent: it spends from the parent's budget. */
	parentTaskId?: string
	/** Tasks started together share this run's budget. */
	run?: string
}

/**
 * Makes the Controller's tasks: a new one or a stored one read back, each with the model the
 * settings name, its writer, its checkpoints and the tools, modes and subtasks of this session.
 * What the Controller shows of a task (its messages, its mode) it wires itself.
 */
export async function makeTask(parts: TaskFactoryParts, options: NewTaskOptions): Promise<Task> {
	const { settingsStore } = parts
	const taskId = options.taskId ?? randomUUID()
	const placed = hostInPlace(parts.host, options.place ?? { root: parts.host.workspaceRoot })
	const host = hostWith(placed, {
		previewEdit: ((edit) =>
			parts.previews.previewEdit(placed, taskId, edit)) satisfies Host["previewEdit"],
	})
	const settings = settingsStore.settings
	const provider = await parts.taskProviders.create(options.profile)
	// Files may have changed since the last update; unchanged ones cost a stat each.
	void parts.codebaseIndex.sync()
	const condensingProvider = await condensingProviderOf(parts, settings.condensingProvider)
	// The task exists before its checkpointer needs it (rows, the history point), never earlier.
	const created: { task?: Task } = {}
	const checkpoints = new TaskCheckpoints({
		taskId,
		store: () => parts.checkpointStore(host.workspaceRoot),
		enabled: () => parts.options.checkpoints !== false && settingsStore.settings.enableCheckpoints,
		historyPoint: () => created.task?.history.point() ?? { messages: 0 },
		rows: checkpointRows(
			() => created.task,
			() => textFor(parts),
		),
		logger: host.logger,
	})
	const subtasks = parts.subtasks
	const mcp = parts.mcp()
	const { parentTaskId } = options
	const telemetry = await parts.telemetry.forTask({
		taskId,
		model: () => provider.model.id,
		...(parentTaskId !== undefined && { parentTaskId }),
	})
	const profile =
		options.profile ?? settings.profiles.find((known) => known.id === settings.currentProfileId)
	const budgets = await parts.budgets.forTask({
		taskId,
		...budgetStartOf(taskId, options),
		...(options.run !== undefined && { run: options.run }),
		profile: { key: profile?.id ?? provider.name, name: profile?.name ?? provider.name },
		switchProfile: (profileId) => switchTaskProfile(parts, created.task, profileId),
	})
	const persistence = parts.writers.persistence(taskId)
	const billing = new TaskBilling({
		...(options.saved && { saved: options.saved }),
		persistence,
		budgets,
		...(telemetry && { telemetry }),
	})
	const task = new Task({
		checkpoints,
		host,
		provider,
		...(condensingProvider && { condensingProvider }),
		tools: parts.options.tools,
		toolSpecs: parts.options.toolSpecs,
		...(mcp && { liveTools: mcp.tools }),
		codebaseSearch: parts.codebaseIndex,
		settings: () => settingsStore.settings,
		mode: options.mode,
		modes: await parts.modes(host.workspaceRoot),
		taskId,
		persistence,
		...(options.saved && { saved: options.saved }),
		subtasks,
		billing,
		...(subtasks.isAwaited(taskId) && { returnsToParent: true }),
		...(parts.options.retryBaseDelayMs !== undefined && {
			retryBaseDelayMs: parts.options.retryBaseDelayMs,
		}),
		...(telemetry && { telemetry }),
	})
	telemetry?.observe(task)
	created.task = task
	parts.taskProviders.attach(task, provider)
	return task
}

/**
 * Which task budget a task joins and where its own starts. A new subtask spends from its parent's.
 * A task read back goes on from what its stack spent, its subtasks' spending on record included:
 * its ledger learns that only once its events are wired (RoomTasks.openLocked), after this budget
 * is made, so the figure is read from a copy that learns it now. A subtask read back shares its
 * parent's budget when its parent has one in this process.
 */
function budgetStartOf(taskId: string, options: NewTaskOptions): Pick<BudgetPlace, "parentTaskId" | "spent"> {
	const { saved, history = [] } = options
	const parentTaskId = options.parentTaskId ?? history.find((item) => item.id === taskId)?.parentTaskId
	const parent = parentTaskId === undefined ? {} : { parentTaskId }
	if (saved === undefined) return parent
	const ledger = openLedger(saved, undefined)
	learnSubtasksOnRecord({ taskId, ledger }, history)
	return { ...parent, spent: stackSpentOnRecord(taskId, ledger.totals, history) }
}

/**
 * Moves `task` to the profile `profileId` (the budget's cheaper one); its name, or undefined when
 * the task stays: no such profile, already on it, or its model cannot be used (logged).
 */
async function switchTaskProfile(
	parts: TaskFactoryParts,
	task: Task | undefined,
	profileId: string,
): Promise<string | undefined> {
	const profile = parts.settingsStore.settings.profiles.find((known) => known.id === profileId)
	if (task === undefined || profile === undefined) return undefined
	if (parts.taskProviders.profileOf(task)?.id === profileId) return undefined
	try {
		await parts.taskProviders.switch(task, profile)
		return profile.name
	} catch (error) {
		parts.host.logger.warn("The budget's cheaper profile cannot be used; the task keeps its model", {
			profile: profile.name,
			error: String(error),
		})
		return undefined
	}
}

/** The model that writes summaries; the task's own (undefined) when unset or unusable. */
async function condensingProviderOf(
	parts: TaskFactoryParts,
	settings: ProviderSettings | undefined,
): Promise<ModelProvider | undefined> {
	if (settings === undefined) return undefined
	try {
		return parts.options.buildProvider(settings, await parts.settingsStore.apiKey(settings.provider))
	} catch (error) {
		parts.host.logger.warn(
			"The condensing model cannot be used; the task's own model condenses instead",
			{
				error: String(error),
			},
		)
		return undefined
	}
}
