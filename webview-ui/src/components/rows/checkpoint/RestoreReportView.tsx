import type { RestoreReport } from "@cairn/types"
import { ToolSection } from "../tool/ToolSection"

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
	const summary = [
		`${report.written.length} written back`,
		`${report.removed.length} removed`,
		`${report.skipped.length} left alone`,
		report.taskRewound ? "task rewound" : undefined,
	]
		.filter(Boolean)
		.join(", ")
	const lists: [label: string, lines: string[]][] = [
		["written back", report.written],
		["removed", report.removed],
		["left alone", report.skipped.map((skip) => `${skip.path}: ${skip.reason}`)],
	]
	return (
		<div className="restore-report">
			<div className="row-detail">
				{summary}. The files as they were before are checkpoint {saved}.
			</div>
			{lists
				.filter(([, lines]) => lines.length > 0)
				.map(([label, lines]) => (
					<ToolSection
						key={label}
						stateKey={`${ts}:${label}`}
						label={label}
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
