import { useState } from "react"
import { useTranslation } from "react-i18next"
import { openFleetReport, requestFleetRecentRuns } from "../../state/fleetActions"
import { useWebviewStore } from "../../state/store"
import { IconButton } from "../common/IconButton"

/** Opens a fleet run's report: a results folder picked in the editor's dialog, or a recent one. */
export function FleetRunPicker() {
	const { t } = useTranslation("board")
	const recent = useWebviewStore((s) => s.fleet.recent)
	const [open, setOpen] = useState(false)
	const choose = (folder?: string) => {
		setOpen(false)
		openFleetReport(folder)
	}
	return (
		<div className="fleet-picker">
			<IconButton
				icon="graph"
				label={t("fleet.open")}
				text={t("fleet.open")}
				aria-expanded={open}
				onClick={() => {
					if (!open) requestFleetRecentRuns()
					setOpen(!open)
				}}
			/>
			{open && (
				<div className="fleet-picker-menu" role="group" aria-label={t("fleet.open")}>
					<button type="button" onClick={() => choose()}>
						{t("fleet.choose")}
					</button>
					{recent.length > 0 && <span className="muted">{t("fleet.recent")}</span>}
					{recent.map((folder) => (
						<button
							key={folder}
							type="button"
							className="fleet-recent"
							title={folder}
							onClick={() => choose(folder)}
						>
							{folder}
						</button>
					))}
				</div>
			)}
		</div>
	)
}
