import { useTranslation } from "react-i18next"
import type { RestoreReport } from "@cairn/types"
import { ToolSection, type SectionName } from "../tool/ToolSection"

/** What a restore did: counts at a glance, each list on demand, every path left alone with its reason. */
export function RestoreReportView({
	ts,
	report,
	saved,
}: {
	ts: number
	report: RestoreReport
	saved: string
}) {
	const { t, i18n } = useTranslation("rows")
	const counts = new Intl.ListFormat(i18n.language, { type: "unit" }).format([
		t("checkpoint.report.written", { count: report.written.length }),
		t("checkpoint.report.removed", { count: report.removed.length }),
		t("checkpoint.report.skipped", { count: report.skipped.length }),
		...(report.taskRewound ? [t("checkpoint.report.taskRewound")] : []),
	])
	const lists: [section: SectionName, lines: string[]][] = [
		["written", report.written],
		["removed", report.removed],
		["skipped", report.skipped.map((skip) => t("checkpoint.report.skip", skip))],
	]
	return (
		<div className="restore-report">
			<div className="row-detail">{t("checkpoint.report.summary", { counts, commit: saved })}</div>
			{lists
				.filter(([, lines]) => lines.length > 0)
				.map(([section, lines]) => (
					<ToolSection
						key={section}
						stateKey={`${ts}:${section}`}
						section={section}
						initiallyExpanded={false}
					>
						<ul className="path-list">
							{lines.map((line) => (
								<li key={line}>{line}</li>
							))}
						</ul>
					</ToolSection>
				))}
		</div>
	)
}
