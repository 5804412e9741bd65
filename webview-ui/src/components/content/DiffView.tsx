import { memo, useMemo } from "react"
import { diffStats, parseUnifiedDiff, type DiffLineKind } from "./parseUnifiedDiff"
import "./content.css"

const signs: Record<DiffLineKind, string> = { add: "+", remove: "-", context: " ", hunk: "", note: "" }
const spoken: Record<DiffLineKind, string | undefined> = {
	add: "added",
	remove: "removed",
	context: undefined,
	hunk: undefined,
	note: undefined,
}

/** A unified diff with added and removed lines coloured from the editor's diff theme. */
function DiffViewImpl({ diff }: { diff: string }) {
	const lines = useMemo(() => parseUnifiedDiff(diff), [diff])
	const { added, removed } = diffStats(lines)
	if (lines.length === 0) return <div className="diff-empty">No changes.</div>
	return (
		<div className="diff" role="group" aria-label={`Diff: ${added} added, ${removed} removed`}>
			<pre className="diff-body" tabIndex={0}>
				{lines.map((line, i) => (
					<div key={i} className={`diff-line diff-${line.kind}`}>
						<span className="diff-number" aria-hidden="true">
							{line.oldNumber ?? ""}
						</span>
						<span className="diff-number" aria-hidden="true">
							{line.newNumber ?? ""}
						</span>
						<span className="diff-sign" aria-label={spoken[line.kind]}>
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
