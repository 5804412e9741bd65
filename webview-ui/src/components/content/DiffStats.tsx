import { useMemo } from "react"
import { diffStats, parseUnifiedDiff } from "./parseUnifiedDiff"

/** "+12 -3" for a row header. */
export function DiffStats({ diff }: { diff: string }) {
	const { added, removed } = useMemo(() => diffStats(parseUnifiedDiff(diff)), [diff])
	return (
		<span className="diff-stats" aria-label={`${added} lines added, ${removed} removed`}>
			<span className="diff-stats-added">+{added}</span>{" "}
			<span className="diff-stats-removed">-{removed}</span>
		</span>
	)
}
