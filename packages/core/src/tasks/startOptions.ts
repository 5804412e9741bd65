import type { ProviderProfile } from "@cairn/types"
import type { TaskPlace } from "./taskPlace.js"

/** How a task is started: where it works, in which mode and with which model, and whether the chat shows it. */
export interface StartOptions {
	/** The id it gets (made before it starts: its worktree is named after it); a new one by default. */
	taskId?: string
	/** How the history lists it, when not by its text (a slash command as typed). */
	title?: string
	/** The workspace by default. */
	place?: TaskPlace
	/** The chat's mode by default. */
	mode?: string
	/** The current profile by default. */
	profile?: ProviderProfile
	/** Best of N: the tasks started from one prompt share it. */
	group?: string
	/**
	 * False: it starts in the room and the chat stays on the task it shows (a board start). By
	 * default it replaces the chat's task, which ends, as a new chat does.
	 */
	show?: boolean
	/** Resolves when it may start (a linked card waits for its first task); its text may grow then. */
	after?: Promise<{ prefix: string } | undefined>
}
