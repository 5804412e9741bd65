import { checkpointOf, type CheckpointSaved } from "@cairn/types"
import { useState } from "react"
import { restoreCheckpoint, viewCheckpointChanges } from "../../../state/checkpointActions"
import { IconButton } from "../../common/IconButton"
import { Spinner } from "../../common/Spinner"
import { GenericRow } from "../GenericRow"
import { RowHeader } from "../RowHeader"
import type { RowProps } from "../rowProps"
import { ConfirmChoices } from "../../common/ConfirmChoices"
import { RestoreReportView } from "./RestoreReportView"

const reasonLabel: Record<CheckpointSaved["reason"], string> = {
	taskStart: "task start",
	beforeChange: "before changes",
	beforeRestore: "before a restore",
}

const untouched =
	"Ignored files (.gitignore, .cairnignore), .env, node_modules, build output and files Cairn never kept are not touched. The files as they are now are saved first, so you can undo the restore."

type Pending = "files" | "filesAndTask" | undefined

/** A checkpoint: the workspace's files saved at a moment of the task, to look back at or go back to. */
export function CheckpointRow({ message }: RowProps) {
	const [pending, setPending] = useState<Pending>(undefined)
	if (message.partial === true)
		return (
			<RowHeader
				icon="git-commit"
				tone="muted"
				title="Saving a checkpoint…"
				trailing={<Spinner label="Saving a checkpoint" />}
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
						? `Files restored to checkpoint ${checkpoint.restore.restoredTo.slice(0, 7)}`
						: `Checkpoint ${short} (${reasonLabel[checkpoint.reason]})`
				}
			/>
			{checkpoint.restore && (
				<RestoreReportView ts={message.ts} report={checkpoint.restore} saved={short} />
			)}
			<div className="checkpoint-actions">
				<IconButton
					icon="diff-multiple"
					label={`View changes since checkpoint ${short}`}
					text="View changes"
					onClick={() => viewCheckpointChanges(message.ts, "checkpoint")}
				/>
				<IconButton
					icon="history"
					label="View all changes of the task"
					text="Task changes"
					onClick={() => viewCheckpointChanges(message.ts, "task")}
				/>
				<IconButton
					icon="discard"
					label={checkpoint.restore ? "Undo this restore" : `Restore files to checkpoint ${short}`}
					text={checkpoint.restore ? "Undo restore" : "Restore files"}
					onClick={() => setPending("files")}
				/>
				<IconButton
					icon="debug-restart"
					label={`Restore files and task to checkpoint ${short}`}
					text="Restore files & task"
					onClick={() => setPending("filesAndTask")}
				/>
			</div>
			{pending !== undefined && (
				<ConfirmChoices
					question={
						pending === "files"
							? `Put the files this checkpoint kept back as they were at ${short}? ${untouched}`
							: `Put the files back as they were at ${short} and rewind the task to here? Later messages leave the chat (they are kept on disk). ${untouched}`
					}
					choices={[
						{
							label: pending === "files" ? "Restore files" : "Restore files & task",
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
