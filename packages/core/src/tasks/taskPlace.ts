import type { CardWorktree, HistoryItem } from "@cairn/types"
import type { Host } from "../host/Host.js"
import { hostWith } from "../host/hostWith.js"

/**
 * Where a task works: the workspace itself, or another folder (its git worktree) whose commands
 * get `env` on top of their own (the worktree's `CAIRN_WORKTREE_INDEX` and `PORT`).
 */
export interface TaskPlace {
	root: string
	env?: Record<string, string>
	worktree?: CardWorktree
}

/** The place a stored task worked in: its worktree when it had one, else the workspace. */
export function storedPlace(item: HistoryItem | undefined, workspaceRoot: string): TaskPlace {
	if (item?.root === undefined) return { root: workspaceRoot }
	return {
		root: item.root,
		...(item.rootEnv && { env: item.rootEnv }),
		...(item.worktree && { worktree: item.worktree }),
	}
}

/** What of a place the task's history item keeps, so a reopened task works there again. */
export function placeFields(place: TaskPlace, workspaceRoot: string): Partial<HistoryItem> {
	if (place.root === workspaceRoot) return {}
	return {
		root: place.root,
		...(place.env && { rootEnv: place.env }),
		...(place.worktree && { worktree: place.worktree }),
	}
}

/**
 * The host as a task in `place` sees it: its workspace is the place's root and its commands get
 * the place's variables. The editor's diagnostics and open files are the workspace's, not the
 * worktree's, so a task elsewhere is told of none; its changes show in the editor's diff view
 * against its own folder.
 */
export function hostInPlace(host: Host, place: TaskPlace): Host {
	if (place.root === host.workspaceRoot) return host
	const env = place.env ?? {}
	const overrides: Partial<Record<keyof Host, unknown>> = {
		workspaceRoot: place.root,
		runCommand: ((command, options) =>
			host.runCommand(command, {
				...options,
				env: { ...env, ...options.env },
			})) satisfies Host["runCommand"],
		diagnostics: (() => Promise.resolve([])) satisfies Host["diagnostics"],
		openFiles: (() => Promise.resolve([])) satisfies Host["openFiles"],
		showChanges:
			host.showChanges &&
			(((view) =>
				host.showChanges?.({ ...view, root: view.root ?? place.root }) ??
				Promise.resolve()) satisfies NonNullable<Host["showChanges"]>),
	}
	return hostWith(host, overrides)
}
