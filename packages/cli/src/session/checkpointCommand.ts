import {
	checkpointOf,
	type CheckpointSaved,
	type ClineMessage,
	type ExtensionMessage,
	type WebviewMessage,
} from "@cairn/types"
import { ExitCode, jsonLine } from "@cairn/core"
import type { CheckpointCommand, CommandLineIO } from "../cli/commandLine.js"
import type { RunOptions } from "../cli/runOptions.js"
import { formatDateTime, t, type CliMessageKey } from "../i18n/cliI18n.js"
import { formatColumns } from "../output/table.js"
import { startHistoryHost } from "./historyHost.js"

interface Row {
	ts: number
	checkpoint: CheckpointSaved
}

const reasons: Record<CheckpointSaved["reason"], CliMessageKey> = {
	taskStart: "checkpoints.taskStart",
	beforeChange: "checkpoints.beforeChange",
	beforeRestore: "checkpoints.beforeRestore",
}

/**
 * `cairn checkpoints <task> …`: opens the stored task as the extension would and acts through
 * the protocol (checkpointDiff, checkpointRestore), so the CLI restores exactly as the chat does.
 */
export async function runCheckpointCommand(
	options: RunOptions,
	command: CheckpointCommand,
	io: CommandLineIO,
): Promise<number> {
	const host = await startHistoryHost(options)
	try {
		if (!(await host.controller.showTask(command.taskId))) {
			io.stderr(`cairn: ${t("checkpoints.noTask", { taskId: command.taskId })}\n`)
			return ExitCode.usage
		}
		const rows = () => checkpointRows(host.controller.currentTask?.messages ?? [])
		if (command.action === "list") {
			io.stdout(formatList(rows(), options.outputFormat))
			return 0
		}
		const target = findCheckpoint(rows(), command.id)
		if (typeof target === "string") {
			io.stderr(`cairn: ${target}\n`)
			return ExitCode.usage
		}
		const message: WebviewMessage =
			command.action === "diff"
				? { type: "checkpointDiff", ts: target.ts, since: command.sinceTask ? "task" : "checkpoint" }
				: {
						type: "checkpointRestore",
						ts: target.ts,
						mode: command.withTask ? "filesAndTask" : "files",
					}
		const replies: ExtensionMessage[] = []
		await host.controller.handleWebviewMessage(message, (reply) => replies.push(reply))
		const error = replies.find((reply) => reply.type === "error")
		if (error?.type === "error") {
			io.stderr(`cairn: ${error.error}\n`)
			return ExitCode.failed
		}
		if (command.action === "diff") {
			const answer = replies.find((reply) => reply.type === "checkpointDiff")
			if (answer?.type !== "checkpointDiff") return ExitCode.failed
			io.stdout(options.outputFormat === "text" ? answer.patch : jsonLine(answer))
			return 0
		}
		const restore = rows().findLast((row) => row.checkpoint.restore !== undefined)?.checkpoint
		if (restore?.restore === undefined) return ExitCode.failed
		io.stdout(
			options.outputFormat === "text"
				? formatRestore(restore)
				: jsonLine({ type: "checkpoint_restored", checkpoint: restore.commit, ...restore.restore }),
		)
		return 0
	} finally {
		await host.controller.clearTask()
		await host.shutdown()
	}
}

function checkpointRows(messages: readonly ClineMessage[]): Row[] {
	return messages.flatMap((message) => {
		const checkpoint = checkpointOf(message)
		return checkpoint ? [{ ts: message.ts, checkpoint }] : []
	})
}

/** The row of checkpoint `id` (a full id or a unique prefix of 7 or more), or why there is none. */
function findCheckpoint(rows: readonly Row[], id: string): Row | string {
	if (!/^[0-9a-f]{7,40}$/.test(id)) return t("checkpoints.badId", { id })
	const matches = rows.filter((row) => row.checkpoint.commit.startsWith(id))
	const commits = new Set(matches.map((row) => row.checkpoint.commit))
	if (commits.size === 0) return t("checkpoints.noSuch", { id })
	if (commits.size > 1) return t("checkpoints.ambiguous", { id })
	return matches[0] as Row
}

function formatList(rows: readonly Row[], format: RunOptions["outputFormat"]): string {
	const items = rows.map((row) => ({
		ts: row.ts,
		id: row.checkpoint.commit,
		reason: row.checkpoint.reason,
		...(row.checkpoint.restore && { restoredTo: row.checkpoint.restore.restoredTo }),
	}))
	if (format === "json") return jsonLine(items)
	if (format === "stream-json")
		return items.map((item) => jsonLine({ type: "checkpoint", ...item })).join("")
	if (items.length === 0) return `${t("checkpoints.none")}\n`
	const lines = items.map((item) => [
		item.id.slice(0, 12),
		formatDateTime(item.ts),
		item.restoredTo
			? t("checkpoints.beforeRestoring", { id: item.restoredTo.slice(0, 7) })
			: t(reasons[item.reason]),
	])
	return `${formatColumns(lines).join("\n")}\n`
}

function formatRestore(checkpoint: CheckpointSaved): string {
	const report = checkpoint.restore
	if (report === undefined) return ""
	const id = report.restoredTo.slice(0, 12)
	const files = formatColumns([
		...report.written.map((path) => [t("checkpoints.written"), path]),
		...report.removed.map((path) => [t("checkpoints.removed"), path]),
		...report.skipped.map((skip) => [t("checkpoints.kept"), `${skip.path} (${skip.reason})`]),
	])
	const lines = [
		t(report.taskRewound ? "checkpoints.restoredAndRewound" : "checkpoints.restored", { id }),
		...files.map((line) => `  ${line}`),
		t("checkpoints.undo", { id: checkpoint.commit.slice(0, 12) }),
	]
	return `${lines.join("\n")}\n`
}
