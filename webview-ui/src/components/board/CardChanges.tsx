import type { CardChanges as Changes } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { formatCount } from "../../util/format"

/** "3 files +42 -7": what the task changed against its base. */
export function CardChanges({ changes }: { changes: Changes }) {
	const { t } = useTranslation("board")
	const label = t("card.changes", { count: changes.files, added: changes.added, removed: changes.removed })
	return (
		<span className="card-changes" aria-label={label} title={label}>
			<span>{t("card.files", { count: changes.files, files: formatCount(changes.files) })}</span>{" "}
			<span className="diff-stats-added">+{formatCount(changes.added)}</span>{" "}
			<span className="diff-stats-removed">-{formatCount(changes.removed)}</span>
		</span>
	)
}
