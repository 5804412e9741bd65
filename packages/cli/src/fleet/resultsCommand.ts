import path from "node:path"
import { ExitCode, jsonLine, readRecords, summarise, type FleetRecord } from "@cairn/core"
import type { OutputFormat } from "../cli/commandLine.js"
import { UsageError } from "../cli/exitCodes.js"
import { t } from "../i18n/cliI18n.js"
import { formatCost, formatDuration } from "../output/format.js"
import { formatColumns } from "../output/table.js"

/**
 * `cairn results <folder>`: a run's records as a table and its summary (passed, failed, cost,
 * time, the slowest tasks), or all of it as one JSON object. Exits 0 when every task passed, 1
 * when one failed, is unfinished or has a record that cannot be read.
 */
export async function runResultsCommand(
	folder: string,
	cwd: string,
	format: OutputFormat,
	write: (text: string) => void,
): Promise<number> {
	const results = path.resolve(cwd, folder)
	const read = await readRecords(results).catch((error: NodeJS.ErrnoException) => {
		throw new UsageError(t("fleet.unreadableResults", { folder: results, reason: error.message }))
	})
	const summary = summarise(read.records)
	if (format === "text") write(resultsTable(read.records, summary, read.unreadable, read.notRead))
	else
		write(
			jsonLine({
				results,
				summary,
				records: read.records,
				unreadable: read.unreadable,
				notRead: read.notRead,
			}),
		)
	const allPassed = summary.passed === summary.tasks && read.unreadable.length === 0 && read.notRead === 0
	return allPassed ? ExitCode.completed : ExitCode.failed
}

function resultsTable(
	records: readonly FleetRecord[],
	summary: ReturnType<typeof summarise>,
	unreadable: readonly { file: string; error: string }[],
	notRead: number,
): string {
	const state = (record: FleetRecord) =>
		t(
			record.state === "passed"
				? "fleet.passed"
				: record.state === "failed"
					? "fleet.failed"
					: "fleet.running",
		)
	const rows = records.map((record) => [
		record.id,
		state(record),
		String(record.attempt),
		record.durationMs === undefined ? "" : formatDuration(record.durationMs),
		record.cost === undefined ? "" : formatCost(record.cost),
		record.changes === undefined
			? ""
			: `${record.changes.files} +${record.changes.added} -${record.changes.removed}`,
		record.branch ?? "",
	])
	const header = [
		t("fleet.colId"),
		t("fleet.colState"),
		t("fleet.colAttempt"),
		t("fleet.colTime"),
		t("fleet.colCost"),
		t("fleet.colChanges"),
		t("fleet.colBranch"),
	]
	const lines = records.length === 0 ? [t("fleet.noRecords")] : formatColumns([header, ...rows])
	lines.push(
		"",
		t("fleet.totals", {
			tasks: summary.tasks,
			passed: summary.passed,
			failed: summary.failed,
			running: summary.running,
			cost: formatCost(summary.cost),
			wall: formatDuration(summary.wallTimeMs),
			taskTime: formatDuration(summary.taskTimeMs),
		}),
	)
	if (summary.slowest.length > 0)
		lines.push(
			t("fleet.slowest", {
				tasks: summary.slowest
					.map((task) => `${task.id} ${formatDuration(task.durationMs ?? 0)}`)
					.join(", "),
			}),
		)
	for (const bad of unreadable)
		lines.push(t("fleet.unreadableRecord", { file: bad.file, reason: bad.error }))
	if (notRead > 0) lines.push(t("fleet.notRead", { number: notRead }))
	return `${lines.join("\n")}\n`
}
