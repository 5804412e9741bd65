import type { HistoryItem } from "@cairn/types"
import type { OutputFormat } from "../cli/commandLine.js"
import type { RunOptions } from "../cli/runOptions.js"
import { jsonLine } from "@cairn/core"
import { formatDateTime, t, type CliMessageKey } from "../i18n/cliI18n.js"
import { formatCost } from "../output/format.js"
import { formatColumns } from "../output/table.js"
import { startHistoryHost } from "./historyHost.js"

/** `cairn list tasks`: the workspace's tasks, newest first, as a table or JSON. */
export function formatTaskList(items: readonly HistoryItem[], format: OutputFormat): string {
	if (format === "json") return jsonLine(items)
	if (format === "stream-json") return items.map((item) => jsonLine({ type: "task", ...item })).join("")
	if (items.length === 0) return `${t("tasks.none")}\n`
	const rows = items.map((item) => {
		const title = (item.task.split("\n")[0] ?? "").slice(0, 80)
		const status = item.status === undefined ? "" : t(`tasks.${item.status}` satisfies CliMessageKey)
		return [item.id, formatDateTime(item.ts), status, formatCost(item.totalCost), title]
	})
	const header = [
		t("tasks.colId"),
		t("tasks.colUpdated"),
		t("tasks.colStatus"),
		t("tasks.colCost"),
		t("tasks.colTask"),
	]
	return `${formatColumns([header, ...rows]).join("\n")}\n`
}

/** Reads the history from $CAIRN_HOME (no provider needed) and prints it. */
export async function listTasks(options: RunOptions, write: (text: string) => void): Promise<number> {
	const host = await startHistoryHost(options)
	try {
		write(formatTaskList(host.listHistory(), options.outputFormat))
		return 0
	} finally {
		await host.shutdown()
	}
}
