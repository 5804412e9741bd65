import { memo } from "react"
import { useTranslation } from "react-i18next"
import { countCardRender } from "../../state/renderProbe"
import { useWebviewStore } from "../../state/store"
import { formatCost } from "../../util/format"
import { Icon } from "../common/Icon"
import { CardActions } from "./CardActions"
import { CardAsk } from "./CardAsk"
import { CardChanges } from "./CardChanges"
import { CardDiffFiles } from "./CardDiffFiles"
import { CardElapsed } from "./CardElapsed"
import { CardChecksResult, CardLanding } from "./CardOutcome"
import { CardSetup } from "./CardSetup"
import { CardStateBadge } from "./CardStateBadge"
import { PendingDiscard } from "./PendingDiscard"

/** The title of the card `taskId` names, for a linked card's "after …". */
function LinkedTitle({ taskId }: { taskId: string }) {
	const title = useWebviewStore((s) => s.board.cards[taskId]?.title)
	return <>{title ?? taskId}</>
}

export interface TaskCardViewProps {
	taskId: string
	/** Opens the compare view of the card's best-of-N group. */
	onCompare?: (group: string) => void
}

/**
 * One task on the board. It reads only its own card from the store and is memoized on its
 * props, so a delta of one card renders that card alone; its ticking time, held discard and diff
 * are children that follow their own part of the store.
 */
function TaskCardViewImpl({ taskId, onCompare }: TaskCardViewProps) {
	countCardRender(taskId)
	const { t } = useTranslation("board")
	const card = useWebviewStore((s) => s.board.cards[taskId])
	if (card === undefined) return null
	const { group } = card
	const model = [card.profileName, card.modelId].filter(Boolean).join(" · ")
	return (
		<article
			className={`task-card task-card-${card.state}`}
			aria-label={card.title}
			data-task-id={taskId}
		>
			<header className="task-card-head">
				<CardStateBadge state={card.state} />
				<h3 className="task-card-title" title={card.title}>
					{card.title}
				</h3>
			</header>
			<div className="task-card-meta">
				<span title={t("card.mode")}>{card.mode}</span>
				{model !== "" && <span title={t("card.model")}>{model}</span>}
				<span title={t("card.cost")}>{formatCost(card.cost)}</span>
				<CardElapsed
					createdAt={card.createdAt}
					{...(card.endedAt !== undefined && { endedAt: card.endedAt })}
				/>
			</div>
			<div className="task-card-meta">
				{card.worktree !== undefined ? (
					<span className="card-branch" title={card.worktree.path}>
						<Icon name="git-branch" /> {card.worktree.branch}
					</span>
				) : (
					<span className="muted">{t("card.inPlace")}</span>
				)}
				{card.changes !== undefined && <CardChanges changes={card.changes} />}
				{group !== undefined && <span className="card-group">{t("card.bestOf")}</span>}
				{card.elsewhere === true && <span className="muted">{t("card.elsewhereShort")}</span>}
			</div>
			{card.worktree?.setup !== undefined && <CardSetup setup={card.worktree.setup} />}
			{card.after !== undefined && (
				<div className="task-card-meta muted">
					<span>
						<Icon name="link" />{" "}
						{t(card.after.until === "landed" ? "card.afterLanded" : "card.afterDone")}{" "}
						<LinkedTitle taskId={card.after.taskId} />
					</span>
				</div>
			)}
			{card.state === "waiting" && card.waitingOn !== undefined && (
				<CardAsk taskId={taskId} ask={card.waitingOn} elsewhere={card.elsewhere === true} />
			)}
			{card.error !== undefined && (
				<p className="card-error" role="note">
					<Icon name="error" /> {card.error}
				</p>
			)}
			{card.checks !== undefined && <CardChecksResult checks={card.checks} />}
			{card.landing !== undefined && <CardLanding landing={card.landing} />}
			<CardActions
				card={card}
				{...(group !== undefined && onCompare !== undefined && { onCompare: () => onCompare(group) })}
			/>
			<PendingDiscard taskId={taskId} />
			<CardDiffFiles taskId={taskId} />
		</article>
	)
}

export const TaskCardView = memo(TaskCardViewImpl)
