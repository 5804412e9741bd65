import { useTranslation } from "react-i18next"
import { boardTotal } from "@cairn/types"
import { useWebviewStore } from "../../state/store"
import { formatCost } from "../../util/format"

/** What the tasks on the board have cost together so far: the run's total beside each card's own. */
export function BoardTotal() {
	const { t } = useTranslation("board")
	const total = useWebviewStore((s) => boardTotal(Object.values(s.board.cards)))
	const any = useWebviewStore((s) => s.board.order.length > 0)
	if (!any) return null
	return (
		<span className="board-total" title={t("total.title")}>
			{t("total.text", { cost: formatCost(total) })}
		</span>
	)
}
