import { TaskBoardApi } from "@cairn/core"
import type { RunOptions } from "../cli/runOptions.js"
import { t } from "../i18n/cliI18n.js"
import type { CliRuntime } from "./CliRuntime.js"

/**
 * `cairn --worktree [name]`: the task starts as the board starts it, in a new worktree of the
 * workspace (a new branch from HEAD), and the run then follows it as it follows any task. Says
 * where it works and on which branch, and when the repository's setup was not used. Throws
 * (the run fails) when the workspace has no worktrees, a git repository being needed.
 */
export async function startInWorktree(
	rt: CliRuntime,
	worktree: NonNullable<RunOptions["worktree"]>,
): Promise<void> {
	const { controller } = rt.extensionHost
	const card = await new TaskBoardApi(controller).startTaskInWorktree({
		text: rt.options.prompt ?? "",
		...(worktree.name !== undefined && { name: worktree.name }),
		...(worktree.base !== undefined && { base: worktree.base }),
	})
	// Programs read where it works from its card (a stream-json line, an event of the json result).
	rt.output.event({ type: "system", subtype: "task_card", card })
	if (card.worktree !== undefined)
		rt.output.notice(t("board.inWorktree", { path: card.worktree.path, branch: card.worktree.branch }))
	if (rt.extensionHost.worktreeSetupRefused) rt.output.notice(t("board.setupNotUsed"))
	await rt.client.sendMessage({ type: "showTaskWithId", taskId: card.taskId })
}
