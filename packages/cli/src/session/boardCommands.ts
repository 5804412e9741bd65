import { ExitCode, jsonLine, TaskBoardApi } from "@cairn/core"
import type { Landing } from "@cairn/types"
import type { BoardCommand, CommandLineIO } from "../cli/commandLine.js"
import { UsageError } from "../cli/exitCodes.js"
import type { RunOptions } from "../cli/runOptions.js"
import { t, type CliMessageKey } from "../i18n/cliI18n.js"
import { formatTaskCards } from "../output/taskCards.js"
import { startHistoryHost } from "./historyHost.js"
import { resolveTaskRef } from "./taskRef.js"

const landedKeys: Record<Landing["how"], CliMessageKey> = {
	merge: "board.landedMerge",
	apply: "board.landedApply",
	pullRequest: "board.landedPullRequest",
}

/** Lines for the person, indented under what they explain (the work a discard would lose, say). */
const lossLines = (loss: readonly string[]): string => loss.map((line) => `  ${line}\n`).join("")

/**
 * `cairn tasks`, `cairn land`, `cairn discard`, `cairn diff`: the board's tasks of this workspace,
 * whichever process runs them, acted on through the board's own handlers (TaskBoardApi), so the
 * CLI lands and discards exactly as the board does. Exit codes: 0 done; 1 failed (a merge that
 * stopped on conflicts among them, its files named); 2 no such task; 3 a discard refused because
 * it would lose work (listed; --yes-lose-work confirms exactly that list).
 */
export async function runBoardCommand(
	options: RunOptions,
	command: BoardCommand,
	io: CommandLineIO,
): Promise<number> {
	const host = await startHistoryHost(options)
	const json = options.outputFormat !== "text"
	try {
		const tasks = new TaskBoardApi(host.controller)
		const cards = await tasks.listTasks()
		if (command.action === "tasks") {
			io.stdout(formatTaskCards(cards, options.outputFormat, Date.now()))
			return 0
		}
		const taskId = resolveTaskRef(command.task, cards, host.listHistory())
		switch (command.action) {
			case "diff": {
				const diff = await tasks.getTaskDiff(taskId)
				io.stdout(json ? jsonLine(diff) : diff.patch)
				return 0
			}
			case "land": {
				const landing = await tasks.landTask(taskId, command.how).catch((error: unknown) => {
					const reason = error instanceof Error ? error.message : String(error)
					io.stderr(`cairn: ${t("board.landFailed", { taskId })}\n${lossLines(reason.split("\n"))}`)
					return undefined
				})
				if (landing === undefined) return ExitCode.failed
				io.stdout(
					json
						? jsonLine({ taskId, landing })
						: `${t(landedKeys[landing.how], { taskId })}${landing.url ? `\n${landing.url}` : ""}\n`,
				)
				return 0
			}
			case "discard": {
				const asked = await tasks.discardTask(taskId)
				if (!asked.discarded) {
					if (!command.yesLoseWork) {
						if (json) io.stdout(jsonLine({ taskId, discarded: false, loss: asked.loss }))
						io.stderr(`cairn: ${t("board.wouldLose", { taskId })}\n${lossLines(asked.loss)}`)
						return ExitCode.needsPerson
					}
					io.stderr(`${t("board.losing", { taskId })}\n${lossLines(asked.loss)}`)
					// Exactly what was shown: work that appeared since is not confirmed, and the host refuses again.
					const confirmed = await tasks.discardTask(taskId, asked.loss)
					if (!confirmed.discarded) {
						if (json) io.stdout(jsonLine({ taskId, discarded: false, loss: confirmed.loss }))
						io.stderr(
							`cairn: ${t("board.lossChanged", { taskId })}\n${lossLines(confirmed.loss)}`,
						)
						return ExitCode.needsPerson
					}
				}
				io.stdout(
					json ? jsonLine({ taskId, discarded: true }) : `${t("board.discarded", { taskId })}\n`,
				)
				return 0
			}
		}
	} catch (error) {
		if (error instanceof UsageError) throw error
		io.stderr(`cairn: ${error instanceof Error ? error.message : String(error)}\n`)
		return ExitCode.failed
	} finally {
		await host.shutdown()
	}
}
