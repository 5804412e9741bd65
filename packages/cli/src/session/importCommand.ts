import path from "node:path"
import { findRooTaskFolders, importClaudePermissions, importRooSettings, jsonLine } from "@cairn/core"
import type { ImportLine, ImportReport } from "@cairn/types"
import type { ImportSourceName } from "../cli/commandLine.js"
import type { RunOptions } from "../cli/runOptions.js"
import { t } from "../i18n/cliI18n.js"
import { formatColumns } from "../output/table.js"
import { startHistoryHost } from "./historyHost.js"

function statusOf(line: ImportLine): string {
	if (line.skipped === undefined) return t("imports.imported")
	const reason = t(`importReasons.${line.skipped}`)
	return line.detail === undefined ? reason : `${reason}: ${line.detail}`
}

/** A report as a table (what, name, imported or why not) and a count, or one JSON line. */
export function formatImportReport(report: ImportReport, format: RunOptions["outputFormat"]): string {
	if (format !== "text") return jsonLine(report)
	const rows = report.lines.map((line) => [t(`importKinds.${line.kind}`), line.name, statusOf(line)])
	const skipped = report.lines.filter((line) => line.skipped !== undefined).length
	const summary = t("imports.summary", {
		imported: report.lines.length - skipped,
		skipped,
		from: report.from,
	})
	return `${[...formatColumns(rows), summary].join("\n")}\n`
}

/**
 * `cairn import roo <file>`, `cairn import roo-tasks [folder]`, `cairn import claude [file]`: into
 * $CAIRN_HOME's settings, secrets, modes and history, as the extension's Settings import does.
 */
export async function runImportCommand(
	options: RunOptions,
	source: ImportSourceName,
	from: string | undefined,
	cwd: string,
	write: (text: string) => void,
): Promise<number> {
	const chosen = from === undefined ? undefined : path.resolve(cwd, from)
	const host = await startHistoryHost(options)
	try {
		const controller = host.controller
		const reports: ImportReport[] = []
		if (source === "roo")
			reports.push(
				await importRooSettings(chosen ?? "", {
					settings: controller.settingsStore,
					modes: controller.modes,
				}),
			)
		else if (source === "claude")
			reports.push(
				chosen === undefined
					? // The workspace's own file: read as any repository file is (it stays inside the workspace).
						await importClaudePermissions(
							path.join(options.workspace, ".claude", "settings.json"),
							controller.settingsStore,
							{ workspace: options.workspace },
						)
					: await importClaudePermissions(chosen, controller.settingsStore),
			)
		else {
			const folders = chosen === undefined ? await findRooTaskFolders() : [chosen]
			if (folders.length === 0) throw new Error(t("imports.noRooStorage"))
			for (const folder of folders) reports.push(await controller.importRooTasks(folder))
		}
		for (const report of reports) write(formatImportReport(report, options.outputFormat))
		return 0
	} finally {
		await host.shutdown()
	}
}
