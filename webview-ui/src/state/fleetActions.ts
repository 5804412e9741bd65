import { postToHost } from "../vscode"
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

/** Back to the cards. */
export function closeFleetReport(): void {
	useWebviewStore.setState((s) => ({ fleet: { recent: s.fleet.recent } }))
}
