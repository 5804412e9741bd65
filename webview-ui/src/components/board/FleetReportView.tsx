import type { FleetReport, FleetReportRow } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { closeFleetReport, openFleetTaskRecord, showFleetTaskDiff } from "../../state/fleetActions"
import { formatCost } from "../../util/format"
import { IconButton } from "../common/IconButton"
import { formatDuration } from "./duration"

/**
 * A fleet run's report (`cairn run --results <folder>`), as the core read it: the summary `cairn
 * results` prints, a row per task, and the files that are not records. Figures are shown, never
 * worked out here.
 */
export function FleetReportView({ report }: { report: FleetReport }) {
	const { t } = useTranslation("board")
	const { summary } = report
	const totals: [string, string][] = [
		[t("fleet.tasks"), String(summary.tasks)],
		[t("fleet.passed"), String(summary.passed)],
		[t("fleet.failed"), String(summary.failed)],
		[t("fleet.running"), String(summary.running)],
		[t("fleet.unreadable"), String(report.unreadable.length + report.notRead)],
		[t("fleet.cost"), formatCost(summary.cost)],
		[t("fleet.wallTime"), formatDuration(summary.wallTimeMs)],
		[t("fleet.taskTime"), formatDuration(summary.taskTimeMs)],
	]
	return (
		<section className="fleet-report" aria-label={t("fleet.report")}>
			<div className="fleet-report-head">
				<h3>{t("fleet.report")}</h3>
				<span className="muted fleet-folder" title={report.folder}>
					{report.folder}
				</span>
				<IconButton icon="close" label={t("fleet.close")} onClick={closeFleetReport} />
			</div>
			<dl className="fleet-totals">
				{totals.map(([name, value]) => (
					<div key={name}>
						<dt>{name}</dt>
						<dd>{value}</dd>
					</div>
				))}
			</dl>
			{summary.slowest.length > 0 && (
				<p className="fleet-slowest">
					{t("fleet.slowest", {
						tasks: summary.slowest
							.map((task) => `${task.id} ${formatDuration(task.durationMs ?? 0)}`)
							.join(", "),
					})}
				</p>
			)}
			{report.rows.length === 0 ? (
				<p className="muted">{t("fleet.noRecords")}</p>
			) : (
				<table className="fleet-rows" aria-label={t("fleet.rows")}>
					<thead>
						<tr>
							<th>{t("fleet.colId")}</th>
							<th>{t("fleet.colState")}</th>
							<th>{t("fleet.colBranch")}</th>
							<th>{t("fleet.colCommit")}</th>
							<th>{t("fleet.colChanges")}</th>
							<th>{t("fleet.cost")}</th>
							<th>{t("fleet.colTime")}</th>
							<th>{t("fleet.colChecks")}</th>
							<th>
								<span className="visually-hidden">{t("fleet.colActions")}</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{report.rows.map((row) => (
							<FleetRow key={row.id} folder={report.folder} row={row} />
						))}
					</tbody>
				</table>
			)}
			{(report.unreadable.length > 0 || report.notRead > 0) && (
				<div className="fleet-unreadable" role="group" aria-label={t("fleet.unreadable")}>
					<h4>{t("fleet.unreadable")}</h4>
					<ul>
						{report.unreadable.map((bad) => (
							<li key={bad.file}>
								<code>{bad.file}</code>: {bad.error}
							</li>
						))}
					</ul>
					{report.notRead > 0 && <p>{t("fleet.notRead", { number: report.notRead })}</p>}
				</div>
			)}
		</section>
	)
}

function FleetRow({ folder, row }: { folder: string; row: FleetReportRow }) {
	const { t } = useTranslation("board")
	const details = row.error !== undefined || row.checks.length > 0
	return (
		<tr className={`fleet-row fleet-${row.state}`} aria-label={row.id}>
			<td>
				{row.id}
				{details && (
					<details>
						<summary>{t("fleet.details")}</summary>
						{row.error !== undefined && <p className="fleet-error">{row.error}</p>}
						{row.checks.map((check, i) => (
							<div key={i} className="fleet-check">
								<code>{check.command}</code> {t(`fleet.${check.state}`)}{" "}
								{formatDuration(check.durationMs)}
								{check.tail !== "" && <pre>{check.tail}</pre>}
							</div>
						))}
					</details>
				)}
			</td>
			<td>
				{t(`fleet.${row.state}`)}
				{row.attempt > 1 && ` (${t("fleet.attempt", { attempt: row.attempt })})`}
			</td>
			<td>{row.branch ?? ""}</td>
			<td title={row.commit}>{row.commit?.slice(0, 8) ?? ""}</td>
			<td>
				{row.changes === undefined
					? ""
					: t("fleet.changes", {
							count: row.changes.files,
							added: row.changes.added,
							removed: row.changes.removed,
						})}
			</td>
			<td>{row.cost === undefined ? "" : formatCost(row.cost)}</td>
			<td>{row.durationMs === undefined ? "" : formatDuration(row.durationMs)}</td>
			<td>{t("fleet.checks", { passed: row.checksPassed, failed: row.checksFailed })}</td>
			<td className="fleet-actions">
				{row.hasDiff && (
					<IconButton
						icon="diff"
						label={t("fleet.showDiff", { id: row.id })}
						onClick={() => showFleetTaskDiff(folder, row.id)}
					/>
				)}
				<IconButton
					icon="file"
					label={t("fleet.openRecord", { id: row.id })}
					onClick={() => openFleetTaskRecord(folder, row.id)}
				/>
			</td>
		</tr>
	)
}
