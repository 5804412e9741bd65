import { useTranslation } from "react-i18next"
import { checkpointOf } from "@cairn/types"
import { useState } from "react"
import { restoreCheckpoint, viewCheckpointChanges } from "../../../state/checkpointActions"
import { IconButton } from "../../common/IconButton"
import { Spinner } from "../../common/Spinner"
import { GenericRow } from "../GenericRow"
import { RowHeader } from "../RowHeader"
import type { RowProps } from "../rowProps"
import { ConfirmChoices } from "../../common/ConfirmChoices"
import { RestoreReportView } from "./RestoreReportView"

type Pending = "files" | "filesAndTask" | undefined

/** A checkpoint: the workspace's files saved at a moment of the task, to look back at or go back to. */
export function CheckpointRow({ message }: RowProps) {
	const { t } = useTranslation("rows")
	const [pending, setPending] = useState<Pending>(undefined)
	if (message.partial === true)
		return (
			<RowHeader
				icon="git-commit"
				tone="muted"
				title={t("checkpoint.saving")}
				trailing={<Spinner label={t("checkpoint.savingLabel")} />}
			/>
		)
	const checkpoint = checkpointOf(message)
	if (checkpoint === undefined) return <GenericRow message={message} />
	const short = checkpoint.commit.slice(0, 7)
	const confirm = (mode: "files" | "filesAndTask") => {
		setPending(undefined)
		restoreCheckpoint(message.ts, mode)
	}
	return (
		<div className="checkpoint">
			<RowHeader
				icon={checkpoint.restore ? "discard" : "git-commit"}
				tone="muted"
				title={
					checkpoint.restore
						? t("checkpoint.restored", { commit: checkpoint.restore.restoredTo.slice(0, 7) })
						: t(`checkpoint.saved.${checkpoint.reason}`, { commit: short })
				}
			/>
			{checkpoint.restore && (
				<RestoreReportView ts={message.ts} report={checkpoint.restore} saved={short} />
			)}
			{/* Shown on hover or focus, as a native list's inline actions: four buttons on every checkpoint were noise. */}
			<div className="row-actions checkpoint-actions">
				<IconButton
					icon="diff-multiple"
					label={t("checkpoint.viewChangesLabel", { commit: short })}
					onClick={() => viewCheckpointChanges(message.ts, "checkpoint")}
				/>
				<IconButton
					icon="history"
					label={t("checkpoint.taskChangesLabel")}
					onClick={() => viewCheckpointChanges(message.ts, "task")}
				/>
				<IconButton
					icon="discard"
					label={
						checkpoint.restore
							? t("checkpoint.undoRestoreLabel")
							: t("checkpoint.restoreFilesLabel", { commit: short })
					}
					onClick={() => setPending("files")}
				/>
				<IconButton
					icon="debug-restart"
					label={t("checkpoint.restoreAllLabel", { commit: short })}
					onClick={() => setPending("filesAndTask")}
				/>
			</div>
			{pending !== undefined && (
				<ConfirmChoices
					question={
						pending === "files"
							? t("checkpoint.confirmFiles", { commit: short })
							: t("checkpoint.confirmAll", { commit: short })
					}
					choices={[
						{
							label:
								pending === "files"
									? t("checkpoint.restoreFiles")
									: t("checkpoint.restoreAll"),
							primary: true,
							onChoose: () => confirm(pending),
						},
					]}
					onCancel={() => setPending(undefined)}
				/>
			)}
		</div>
	)
}
