import type { ImportLine, ImportReport } from "@cairn/types"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { importClaudeRules, importFromRoo } from "../../../state/importActions"
import { useWebviewStore } from "../../../state/store"

function LineStatus({ line, preview }: { line: ImportLine; preview: boolean }) {
	const { t } = useTranslation("settings")
	if (line.skipped === undefined)
		return (
			<span className="import-imported">{t(preview ? "imports.willImport" : "imports.imported")}</span>
		)
	const reason = t(`imports.reasons.${line.skipped}`)
	return (
		<span className="import-skipped">
			{line.detail === undefined ? reason : `${reason}: ${line.detail}`}
		</span>
	)
}

/** What the last import did (or, for a preview, would do): each line imported or skipped, and why. */
export function ImportReportView({ report }: { report: ImportReport }) {
	const { t } = useTranslation("settings")
	const skipped = report.lines.filter((line) => line.skipped !== undefined).length
	return (
		<div className="import-report" role="status">
			<div className="field-description">
				{report.preview
					? t("imports.previewNote")
					: t("imports.summary", {
							imported: report.lines.length - skipped,
							skipped,
							from: report.from,
						})}
			</div>
			<ul aria-label={t("imports.reportTitle")}>
				{report.lines.map((line, index) => (
					<li key={index}>
						<strong>{t(`imports.kinds.${line.kind}`)}</strong> {line.name} —{" "}
						<LineStatus line={line} preview={report.preview === true} />
					</li>
				))}
			</ul>
			{report.preview && (
				<button type="button" className="button primary" onClick={() => importClaudeRules(true)}>
					{t("imports.addRules")}
				</button>
			)}
		</div>
	)
}

/**
 * Importing from Roo Code: its exported settings (profiles with their keys, auto-approval,
 * command rules, custom instructions, modes) and its task history; the extension host shows the
 * file or folder picker. And the workspace's Claude Code permission rules, shown before they are
 * added. Importing again adds nothing twice.
 */
export function ImportSection() {
	const { t } = useTranslation("settings")
	const report = useWebviewStore((s) => s.importReport)
	const titleId = useId()
	return (
		<section className="settings-section" aria-labelledby={titleId}>
			<h2 id={titleId}>{t("imports.title")}</h2>
			<div className="field-description">{t("imports.description")}</div>
			<div className="confirm-buttons">
				<button type="button" className="button secondary" onClick={() => importFromRoo("settings")}>
					{t("imports.rooSettings")}
				</button>
				<button type="button" className="button secondary" onClick={() => importFromRoo("tasks")}>
					{t("imports.rooTasks")}
				</button>
				<button type="button" className="button secondary" onClick={() => importClaudeRules(false)}>
					{t("imports.claudeRules")}
				</button>
			</div>
			{report && <ImportReportView report={report} />}
		</section>
	)
}
