import { useTranslation } from "react-i18next"
import { memo, useMemo } from "react"
import { diffStats, parseUnifiedDiff, type DiffLineKind } from "./parseUnifiedDiff"
import "./content.css"

const signs: Record<DiffLineKind, string> = { add: "+", remove: "-", context: " ", hunk: "", note: "" }
const spoken = { add: "diff.added", remove: "diff.removed" } as const

/** A unified diff with added and removed lines coloured from the editor's diff theme. */
function DiffViewImpl({ diff }: { diff: string }) {
	const { t } = useTranslation("content")
	const lines = useMemo(() => parseUnifiedDiff(diff), [diff])
	const { added, removed } = diffStats(lines)
	if (lines.length === 0) return <div className="diff-empty">{t("diff.none")}</div>
	return (
		<div className="diff" role="group" aria-label={t("diff.label", { added, removed })}>
			<pre className="diff-body" tabIndex={0}>
				{lines.map((line, i) => (
					<div key={i} className={`diff-line diff-${line.kind}`}>
						<span className="diff-number" aria-hidden="true">
							{line.oldNumber ?? ""}
						</span>
						<span className="diff-number" aria-hidden="true">
							{line.newNumber ?? ""}
						</span>
						<span
							className="diff-sign"
							aria-label={
								line.kind === "add" || line.kind === "remove"
									? t(spoken[line.kind])
									: undefined
							}
						>
							{signs[line.kind]}
						</span>
						<span className="diff-text">{line.text}</span>
					</div>
				))}
			</pre>
		</div>
	)
}

export const DiffView = memo(DiffViewImpl)
