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
	return (
		<div className="restore-report">
			<div className="row-detail">
				{summary}. The files as they were before are checkpoint {saved}.
			</div>
			{report.written.length > 0 && (
				<ToolSection stateKey={`${ts}:written`} label="written back" initiallyExpanded={false}>
					<ul className="path-list">
						{report.written.map((path) => (
							<li key={path}>{path}</li>
						))}
					</ul>
				</ToolSection>
			)}
			{report.removed.length > 0 && (
				<ToolSection stateKey={`${ts}:removed`} label="removed" initiallyExpanded={false}>
					<ul className="path-list">
						{report.removed.map((path) => (
							<li key={path}>{path}</li>
						))}
					</ul>
				</ToolSection>
			)}
			{report.skipped.length > 0 && (
				<ToolSection stateKey={`${ts}:skipped`} label="left alone" initiallyExpanded={false}>
					<ul className="path-list">
						{report.skipped.map((skip) => (
							<li key={skip.path}>
								{skip.path}: {skip.reason}
							</li>
						))}
					</ul>
				</ToolSection>
			)}
		</div>
	)
}
