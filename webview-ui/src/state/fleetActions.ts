import { keepPageState, keptPageState, postToHost } from "../vscode"
import type { FleetReport } from "@cairn/types"
import { useWebviewStore } from "./store"

// The person's actions on a fleet run's report. The host reads the folder; the webview only shows.

/** The results folders opened last; the host answers with `fleetRecentRuns`. */
export function requestFleetRecentRuns(): void {
	postToHost({ type: "requestFleetRecentRuns" })
}

/** A report: of `folder` (one the host named as recent), or of one the person picks in the editor's dialog. */
export function openFleetReport(folder?: string): void {
	postToHost({ type: "openFleetReport", ...(folder !== undefined && { folder }) })
}

export function showFleetTaskDiff(folder: string, id: string): void {
	postToHost({ type: "showFleetTaskDiff", folder, id })
}

export function openFleetTaskRecord(folder: string, id: string): void {
	postToHost({ type: "openFleetTaskRecord", folder, id })
}

/** The page keeps which report it shows: a board tab the editor hid is reloaded when shown again. */
const keptKey = "fleetReportFolder"

/** Shows a report the host sent, and keeps its folder to open it again after a reload. */
export function showFleetReport(report: FleetReport): void {
	useWebviewStore.setState((s) => ({ fleet: { ...s.fleet, report } }))
	keepPageState({ [keptKey]: report.folder })
}

/** Asks again for the report the page showed before the editor reloaded it, if it showed one. */
export function reopenKeptFleetReport(): void {
	const folder = keptPageState()[keptKey]
	if (typeof folder === "string") openFleetReport(folder)
}

/** Back to the cards. */
export function closeFleetReport(): void {
	useWebviewStore.setState((s) => ({ fleet: { recent: s.fleet.recent } }))
	keepPageState({ [keptKey]: undefined })
}
