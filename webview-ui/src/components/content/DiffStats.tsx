import { useTranslation } from "react-i18next"
import { useMemo } from "react"
import { diffStats, parseUnifiedDiff } from "./parseUnifiedDiff"

/** "+12 -3" for a row header. */
export function DiffStats({ diff }: { diff: string }) {
	const { t } = useTranslation("content")
	const { added, removed } = useMemo(() => diffStats(parseUnifiedDiff(diff)), [diff])
	return (
		<span className="diff-stats" aria-label={t("diff.stats", { added, removed })}>
			<span className="diff-stats-added">+{added}</span>{" "}
			<span className="diff-stats-removed">-{removed}</span>
		</span>
	)
}
