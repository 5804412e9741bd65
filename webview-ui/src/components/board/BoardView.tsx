import { useCallback, useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { requestTaskBoard } from "../../state/boardActions"
import { reopenKeptFleetReport } from "../../state/fleetActions"
import { useWebviewStore } from "../../state/store"
import { IconButton } from "../common/IconButton"
import { Spinner } from "../common/Spinner"
import { BoardFilterBar } from "./BoardFilterBar"
import { BoardTotal } from "./BoardTotal"
import type { BoardFilter } from "./boardFilters"
import { CardList } from "./CardList"
import { CompareView } from "./CompareView"
import { FleetReportView } from "./FleetReportView"
import { FleetRunPicker } from "./FleetRunPicker"
import { StartTaskForm } from "./StartTaskForm"
import "./board.css"

/**
 * The task board: a card per running or recent task, filtered by state, a form to start more,
 * the compare view of a best-of-N group, and a fleet run's report (`cairn run --results`). It asks the host for every card when it opens; the
 * host then sends each card's changes as they come.
 */
export function BoardView() {
	const { t } = useTranslation("board")
	const loaded = useWebviewStore((s) => s.board.loaded)
	const limit = useWebviewStore((s) => s.board.limit)
	const fleetReport = useWebviewStore((s) => s.fleet.report)
	const [filter, setFilter] = useState<BoardFilter>("all")
	const [starting, setStarting] = useState(false)
	const [group, setGroup] = useState<string | undefined>()
	const closeForm = useCallback(() => setStarting(false), [])
	const closeCompare = useCallback(() => setGroup(undefined), [])

	useEffect(requestTaskBoard, [])
	useEffect(reopenKeptFleetReport, [])

	return (
		<main className="board-view" aria-label={t("title")}>
			<div className="board-head">
				<h2>{t("title")}</h2>
				{limit !== undefined && <span className="muted">{t("limit", { count: limit })}</span>}
				<BoardTotal />
				<FleetRunPicker />
				<IconButton
					icon={starting ? "close" : "add"}
					label={starting ? t("start.close") : t("start.open")}
					text={starting ? undefined : t("start.open")}
					aria-expanded={starting}
					onClick={() => setStarting(!starting)}
				/>
			</div>
			{starting && <StartTaskForm onStarted={closeForm} />}
			{fleetReport !== undefined ? (
				<FleetReportView report={fleetReport} />
			) : !loaded ? (
				<Spinner label={t("loading")} />
			) : group !== undefined ? (
				<CompareView group={group} onClose={closeCompare} />
			) : (
				<>
					<BoardFilterBar filter={filter} onFilter={setFilter} />
					<CardList filter={filter} onCompare={setGroup} />
				</>
			)}
		</main>
	)
}
