import { useTranslation } from "react-i18next"
import { useShallow } from "zustand/react/shallow"
import { useWebviewStore } from "../../state/store"
import { boardFilters, inFilter, type BoardFilter } from "./boardFilters"

/** The filters by state, each with how many cards it holds; numbers, so a delta that moves none renders nothing. */
export function BoardFilterBar({
	filter,
	onFilter,
}: {
	filter: BoardFilter
	onFilter: (f: BoardFilter) => void
}) {
	const { t } = useTranslation("board")
	const counts = useWebviewStore(
		useShallow((s) =>
			boardFilters.map(
				(f) =>
					s.board.order.filter((id) => {
						const card = s.board.cards[id]
						return card !== undefined && inFilter(card, f)
					}).length,
			),
		),
	)
	return (
		<div className="board-filters" role="group" aria-label={t("filter.label")}>
			{boardFilters.map((f, i) => (
				<button
					key={f}
					type="button"
					className="board-filter"
					aria-pressed={f === filter}
					onClick={() => onFilter(f)}
				>
					{t(`filter.${f}`)} <span className="board-filter-count">{counts[i]}</span>
				</button>
			))}
		</div>
	)
}
