import { useCallback, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { Virtuoso } from "react-virtuoso"
import { useWebviewStore } from "../../state/store"
import { HistoryItemCard } from "./HistoryItemCard"
import { historyTree, type HistoryRow } from "./historyTree"
import { matchesQuery } from "./matchesQuery"
import "./history.css"

export function HistoryView() {
	const { t } = useTranslation("history")
	const history = useWebviewStore((s) => s.taskHistory)
	const currentTaskId = useWebviewStore((s) => s.taskId)
	const [query, setQuery] = useState("")
	const shown = useMemo(
		() => historyTree(history.filter((item) => matchesQuery(item, query))),
		[history, query],
	)
	const itemContent = useCallback(
		(_index: number, { item, depth }: HistoryRow) => (
			<HistoryItemCard item={item} depth={depth} isCurrent={item.id === currentTaskId} />
		),
		[currentTaskId],
	)

	return (
		<main className="history-view" aria-label={t("title")}>
			<div className="history-search">
				<input
					type="search"
					className="text-input"
					aria-label={t("search")}
					placeholder={t("search")}
					value={query}
					onChange={(event) => setQuery(event.target.value)}
				/>
			</div>
			{history.length === 0 ? (
				<p className="muted history-empty">{t("empty")}</p>
			) : shown.length === 0 ? (
				<p className="muted history-empty">{t("noMatch", { query })}</p>
			) : (
				<Virtuoso
					className="history-list"
					data={shown}
					computeItemKey={(_index, row) => row.item.id}
					itemContent={itemContent}
				/>
			)}
		</main>
	)
}
