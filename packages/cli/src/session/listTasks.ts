import type { HistoryItem } from "@cairn/types"
import type { OutputFormat } from "../cli/commandLine.js"
import type { RunOptions } from "../cli/runOptions.js"
import { jsonLine } from "@cairn/core"
import { t } from "../i18n/cliI18n.js"
import { formatCost } from "../output/format.js"
import { startHistoryHost } from "./historyHost.js"

/** `cairn list tasks`: the workspace's tasks, newest first, as a table or JSON. */
export function formatTaskList(items: readonly HistoryItem[], format: OutputFormat): string {
	if (format === "json") return jsonLine(items)
	if (format === "stream-json") return items.map((item) => jsonLine({ type: "task", ...item })).join("")
	if (items.length === 0) return `${t("tasks.none")}\n`
	const rows = items.map((item) => {
		const when = new Date(item.ts).toISOString().replace("T", " ").slice(0, 16)
		const title = (item.task.split("\n")[0] ?? "").slice(0, 80)
		return [item.id, when, item.status ?? "", formatCost(item.totalCost), title]
	})
	const header = ["ID", "UPDATED", "STATUS", "COST", "TASK"]
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)))
	const line = (cells: string[]) =>
		cells
			.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
			.join("  ")
			.trimEnd()
	return `${[header, ...rows].map(line).join("\n")}\n`
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
