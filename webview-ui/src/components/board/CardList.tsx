import { useTranslation } from "react-i18next"
import { useShallow } from "zustand/react/shallow"
import { useWebviewStore } from "../../state/store"
import { inFilter, type BoardFilter } from "./boardFilters"
import { TaskCardView } from "./TaskCardView"

/**
 * The cards the filter keeps, newest first. It follows the list of ids only (compared item by
 * item), so a card's delta re-renders this list only when it moves the card in or out of the
 * filter; each card follows its own.
 */
export function CardList({ filter, onCompare }: { filter: BoardFilter; onCompare: (group: string) => void }) {
	const { t } = useTranslation("board")
	const ids = useWebviewStore(
		useShallow((s) =>
			s.board.order.filter((id) => {
				const card = s.board.cards[id]
				return card !== undefined && inFilter(card, filter)
			}),
		),
	)
	if (ids.length === 0)
		return <p className="muted board-empty">{t(filter === "all" ? "empty" : "emptyFilter")}</p>
	return (
		<ul className="board-cards" aria-label={t("cards")}>
			{ids.map((id) => (
				<li key={id}>
					<TaskCardView taskId={id} onCompare={onCompare} />
				</li>
			))}
		</ul>
	)
}
