import {
	type CheckpointSaved,
	type ClineMessage,
	type ExtensionMessageOf,
	type RestoreReport,
	checkpointAfter,
	checkpointOf,
	personMessageMark,
} from "@cairn/types"
import type { CheckpointStore } from "../checkpoints/checkpointStore.js"
import type { TaskStore } from "../persistence/taskStore.js"
import type { Task } from "../task/Task.js"
import type { HandlerContext } from "./handlerContext.js"
import { textFor } from "./personText.js"

// The checkpoint operations every client reaches through the protocol. Each one that changes the
// workspace or the task stops the task, changes its stored form and opens it again
// (HandlerContext.reopenTask): the task on disk is the one truth, so a restart at any moment finds
// it whole.

/** Restores the files to the checkpoint of row `ts`; with `filesAndTask`, rewinds the task to that row too. */
export async function restoreCheckpoint(
	context: HandlerContext,
	ts: number,
	mode: "files" | "filesAndTask",
): Promise<void> {
	const { task, checkpoint } = checkpointRow(context, ts)
	const store = await usableStore(context)
	await context.reopenTask(task.taskId, async (taskStore, stopped) => {
		const { before, report } = await store.restore(task.taskId, checkpoint.commit)
		const rewind = mode === "filesAndTask"
		if (rewind) await taskStore.rewindTask(task.taskId, { before: ts + 1, history: checkpoint.history })
		const kept = rewind ? stopped.messages.filter((m) => m.ts <= ts) : stopped.messages
		await appendRestoreRow(taskStore, task.taskId, kept, {
			commit: before,
			history: rewind ? checkpoint.history : stopped.history.point(),
			report: { ...report, taskRewound: rewind },
		})
		return {}
	})
	await context.host.filesRestored?.(store.workspaceRoot)
}

/**
 * Rewinds the task to just before the person's message `ts` (the files too, with
 * `restoreFiles`), and, for an edit, goes on at once with the new text in its place.
 */
export async function rewindToMessage(
	context: HandlerContext,
	ts: number,
	options: { restoreFiles: boolean; replacement?: { text: string; images?: string[] } },
): Promise<void> {
	const task = currentTask(context)
	const messages = task.messages
	const index = messages.findIndex((m) => m.ts === ts)
	const message = messages[index]
	const mark = message && personMessageMark(message)
	if (message === undefined || mark === undefined)
		throw new Error(textFor(context)("checkpoints.notYourMessage"))
	const isFirst = index === 0
	if (isFirst && options.replacement === undefined)
		throw new Error(textFor(context)("checkpoints.firstMessage"))
	const checkpoint = options.restoreFiles ? checkpointAfter(messages, ts) : undefined
	const store = checkpoint ? await usableStore(context) : undefined
	await context.reopenTask(task.taskId, async (taskStore) => {
		const restored =
			checkpoint && store ? await store.restore(task.taskId, checkpoint.checkpoint.commit) : undefined
		const replacement = options.replacement
		// The first message stays (edited in place): the task keeps its first row and its title.
		const cutBefore = isFirst ? (messages[1]?.ts ?? ts + 1) : ts
		await taskStore.rewindTask(task.taskId, { before: cutBefore, history: mark.history })
		const kept = messages.filter((m) => m.ts < cutBefore)
		if (isFirst && replacement !== undefined) {
			const edited: ClineMessage = { ...message, text: replacement.text }
			if (replacement.images && replacement.images.length > 0) edited.images = replacement.images
			else delete edited.images
			await taskStore.appendMessage(task.taskId, edited)
			await taskStore.saveMetadata(task.taskId, { task: replacement.text })
		}
		if (restored !== undefined)
			await appendRestoreRow(taskStore, task.taskId, kept, {
				commit: restored.before,
				history: mark.history,
				report: { ...restored.report, taskRewound: true },
			})
		if (replacement === undefined) return {}
		return isFirst ? { fromFirstMessage: true } : { continueWith: replacement }
	})
	if (store !== undefined) await context.host.filesRestored?.(store.workspaceRoot)
}

/** What changed since the checkpoint of row `ts` (or the task's first checkpoint), up to the files now. */
export async function checkpointChanges(
	context: HandlerContext,
	ts: number,
	since: "checkpoint" | "task",
): Promise<ExtensionMessageOf<"checkpointDiff">> {
	const { task, checkpoint } = checkpointRow(context, ts)
	const from =
		since === "task"
			? (task.messages.map(checkpointOf).find((c) => c !== undefined)?.commit ?? checkpoint.commit)
			: checkpoint.commit
	const store = await usableStore(context)
	// A task's changes end where the next task began, not with what later tasks did.
	const until =
		since === "task" ? await store.nextTaskStart(task.taskId, inStackOf(context, task.taskId)) : undefined
	const { changes, patch, before, after } = await store.changesSince(from, until)
	const short = from.slice(0, 7)
	if (context.host.showChanges !== undefined && changes.length > 0)
		await context.host.showChanges({
			title: textFor(context)(
				since === "task" ? "checkpoints.changesInTask" : "checkpoints.changesSince",
				{ commit: short },
			),
			changes: changes.map((change) => ({
				relativePath: change.path,
				before: before.get(change.path),
				existsNow: change.status !== "deleted",
				...(after?.has(change.path) && { after: after.get(change.path) }),
			})),
		})
	return {
		type: "checkpointDiff",
		ts,
		since,
		from,
		files: changes.map((change) => ({
			path: change.path,
			change: change.status,
			binary: isBinary(before.get(change.path)),
		})),
		patch,
	}
}

/** Whether another task is part of `taskId`'s work: a task of the same stack (its subtasks, its parent). */
function inStackOf(context: HandlerContext, taskId: string): (otherTaskId: string) => boolean {
	const rootOf = (id: string) => context.historyItem(id)?.rootTaskId ?? id
	const root = rootOf(taskId)
	return (otherTaskId) => rootOf(otherTaskId) === root
}

function currentTask(context: HandlerContext): Task {
	const task = context.currentTask
	if (task === undefined) throw new Error(textFor(context)("task.noneOpen"))
	return task
}

function checkpointRow(context: HandlerContext, ts: number): { task: Task; checkpoint: CheckpointSaved } {
	const task = currentTask(context)
	const row = task.messages.find((m) => m.ts === ts)
	const checkpoint = row && checkpointOf(row)
	if (checkpoint === undefined) throw new Error(textFor(context)("checkpoints.noCheckpointThere"))
	return { task, checkpoint }
}

async function usableStore(context: HandlerContext): Promise<CheckpointStore> {
	const store = await context.checkpointStore()
	if ("reason" in store)
		throw new Error(textFor(context)("checkpoints.unavailable", { reason: store.reason }))
	return store
}

/** The row that says what a restore did; it is itself a checkpoint (the files just before), so the restore can be undone. */
async function appendRestoreRow(
	taskStore: TaskStore,
	taskId: string,
	kept: readonly ClineMessage[],
	saved: { commit: string; history: CheckpointSaved["history"]; report: RestoreReport },
): Promise<void> {
	const checkpoint: CheckpointSaved = {
		commit: saved.commit,
		reason: "beforeRestore",
		history: saved.history,
		restore: saved.report,
	}
	await taskStore.appendMessage(taskId, {
		ts: Math.max(Date.now(), (kept.at(-1)?.ts ?? 0) + 1),
		type: "say",
		say: "checkpoint_saved",
		text: saved.commit,
		checkpoint,
	})
}

/** Git's own test: a NUL byte in the first 8,000 bytes. */
function isBinary(content: Buffer | undefined): boolean {
	return content !== undefined && content.subarray(0, 8000).includes(0)
}
