import { useTranslation } from "react-i18next"
import { confirmDiscard, dropDiscard } from "../../state/boardActions"
import { useWebviewStore } from "../../state/store"

/**
 * The host held a discard back because it would lose work: every item it named is listed, and
 * only "Discard and lose these" sends the discard again, confirming exactly that list.
 */
export function PendingDiscard({ taskId, name }: { taskId: string; name?: string }) {
	const { t } = useTranslation("board")
	const loss = useWebviewStore((s) => s.board.pendingLoss[taskId])
	if (loss === undefined) return null
	return (
		<div
			className="card-discard-confirm"
			role="alertdialog"
			aria-label={name === undefined ? t("discard.title") : t("discard.titleOf", { name })}
		>
			<p>{t("discard.question", { count: loss.length })}</p>
			<ul className="card-loss">
				{loss.map((item) => (
					<li key={item}>
						<code>{item}</code>
					</li>
				))}
			</ul>
			<div className="card-discard-buttons">
				<button type="button" className="button danger" onClick={() => confirmDiscard(taskId)}>
					{t("discard.confirm")}
				</button>
				<button type="button" className="button secondary" onClick={() => dropDiscard(taskId)}>
					{t("discard.keep")}
				</button>
			</div>
		</div>
	)
}
