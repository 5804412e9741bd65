import type { HistoryItem } from "@cairn/types"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { showView } from "../../state/chatActions"
import { costText } from "../../util/costText"
import { formatBytes, formatDate, formatTokens } from "../../util/format"
import { postToHost } from "../../vscode"
import { Icon } from "../common/Icon"
import { IconButton } from "../common/IconButton"

export interface HistoryItemCardProps {
	item: HistoryItem
	/** How many tasks up its parent chain goes: 0 for a task the person started. */
	depth?: number
	isCurrent: boolean
}

/** One past task: open it, export it, or delete it after a confirmation. */
export function HistoryItemCard({ item, depth = 0, isCurrent }: HistoryItemCardProps) {
	const { t } = useTranslation("history")
	const { t: chatT } = useTranslation("chat")
	const [confirming, setConfirming] = useState(false)
	const open = () => {
		postToHost({ type: "showTaskWithId", taskId: item.id })
		showView("chat")
	}
	return (
		<article
			className={["history-item", isCurrent && "current", depth > 0 && "subtask"]
				.filter(Boolean)
				.join(" ")}
			// Capped so a deep stack still leaves room for the text in a narrow sidebar.
			style={depth > 0 ? { marginLeft: `${8 + Math.min(depth, 4) * 14}px` } : undefined}
			aria-label={depth > 0 ? t("subtaskLabel", { task: item.task }) : item.task}
		>
			<button type="button" className="history-item-open" onClick={open} title={t("open")}>
				<span className="history-item-meta">
					{depth > 0 && <Icon name="arrow-small-right" />}
					{[
						depth > 0 &&
							(item.mode !== undefined ? t("subtaskIn", { mode: item.mode }) : t("subtask")),
						formatDate(item.ts),
						item.number !== undefined && `#${item.number}`,
						item.status !== undefined && t(`status.${item.status}`),
						isCurrent && t("openNow"),
					]
						.filter(Boolean)
						.join(" · ")}
				</span>
				<span className="history-item-task">{item.task}</span>
				<span className="history-item-meta">
					↑ {formatTokens(item.tokensIn)} ↓ {formatTokens(item.tokensOut)} ·{" "}
					{costText(item.totalCost, item.unpricedRequests, chatT)}
					{item.size !== undefined && ` · ${formatBytes(item.size)}`}
				</span>
			</button>
			{confirming ? (
				<div className="history-item-confirm" role="group" aria-label={t("confirmDeletion")}>
					<span>{t("deleteQuestion")}</span>
					<button
						type="button"
						className="button danger"
						onClick={() => {
							setConfirming(false)
							postToHost({ type: "deleteTaskWithId", taskId: item.id })
						}}
					>
						{t("delete")}
					</button>
					<button type="button" className="button secondary" onClick={() => setConfirming(false)}>
						{t("keep")}
					</button>
				</div>
			) : (
				<div className="history-item-actions">
					<IconButton
						icon="export"
						label={t("export")}
						onClick={() => postToHost({ type: "exportTaskWithId", taskId: item.id })}
					/>
					<IconButton icon="trash" label={t("deleteTask")} onClick={() => setConfirming(true)} />
				</div>
			)}
		</article>
	)
}
