import type { CodebaseIndexStatus } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { startIndexing, stopIndexing } from "../../../state/codebaseIndexActions"
import { useWebviewStore } from "../../../state/store"

function percentOf(status: CodebaseIndexStatus): number {
	return status.totalFiles === 0 ? 0 : Math.floor((status.processedFiles * 100) / status.totalFiles)
}

/** Where the index stands, with its progress while a run goes on, and the button that starts or stops one. */
export function IndexStatusLine() {
	const { t } = useTranslation("codebaseIndex")
	const status = useWebviewStore((s) => s.codebaseIndex)
	if (status === undefined) return null
	const counts = { processed: status.processedFiles, total: status.totalFiles, count: status.totalFiles }
	return (
		<div className="field index-status">
			<div className={`index-state index-state-${status.state}`} role="status" aria-live="polite">
				{status.state === "failed"
					? t("status.failed", { error: status.error ?? "" })
					: t(`status.${status.state}`, counts)}
			</div>
			{status.state === "indexing" && status.totalFiles > 0 && (
				<progress
					className="index-progress"
					max={100}
					value={percentOf(status)}
					aria-label={t("progressLabel", counts)}
				/>
			)}
			{status.state === "indexing" ? (
				<button type="button" className="button secondary" onClick={stopIndexing}>
					{t("stop")}
				</button>
			) : (
				(status.state === "ready" || status.state === "stopped" || status.state === "failed") && (
					<button type="button" className="button secondary" onClick={startIndexing}>
						{status.state === "ready" ? t("update") : t("resume")}
					</button>
				)
			)}
		</div>
	)
}
