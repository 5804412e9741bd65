import type { ClineMessage } from "@cairn/types"
import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { answerCard, showCardEdit } from "../../state/boardActions"
import { chatButtonLabel } from "../chat/chatButtonLabel"
import { Icon } from "../common/Icon"
import { askSummary } from "./askSummary"
import { cardAnswers } from "./cardAnswers"

/**
 * The ask a card waits on, as the chat heads that kind of ask, with the chat's buttons for it.
 * Every answer carries the ask's `ts`: a click on an ask the task has moved past answers nothing.
 * A task of another window (`elsewhere`) is shown here but answered there.
 */
export function CardAsk({
	taskId,
	ask,
	elsewhere,
}: {
	taskId: string
	ask: ClineMessage
	elsewhere: boolean
}) {
	const { t } = useTranslation("board")
	const rows = useTranslation("rows").t
	const common = useTranslation("common").t
	const [typed, setTyped] = useState("")
	const summary = useMemo(() => askSummary(ask, rows, t("ask.waiting")), [ask, rows, t])
	const { answers, enabled } = useMemo(() => cardAnswers(ask), [ask])
	const takesText = answers.some((answer) => answer.needsText)
	const usable = enabled && !elsewhere
	// A task the chat does not show keeps its proposed change out of the editor until asked for.
	const showsEdit = summary.proposesEdit === true && !elsewhere && ask.partial !== true
	return (
		<section className="card-ask" aria-label={t("ask.label")}>
			<div className="card-ask-title">
				<Icon name={summary.icon} className={`row-icon tone-${summary.tone}`} />
				<span className={`tone-${summary.tone}`}>{summary.title}</span>
			</div>
			{summary.detail !== undefined &&
				summary.detail !== "" &&
				(summary.detailIsCode ? (
					<code className="card-ask-detail">{summary.detail}</code>
				) : (
					<p className="card-ask-detail">{summary.detail}</p>
				))}
			{summary.suggestions !== undefined && summary.suggestions.length > 0 && (
				<ul className="card-suggestions" aria-label={t("ask.suggestions")}>
					{summary.suggestions.map((suggestion, i) => (
						<li key={i}>
							<button
								type="button"
								className="suggestion"
								disabled={!usable}
								onClick={() => answerCard(taskId, ask.ts, "messageResponse", suggestion)}
							>
								{suggestion}
							</button>
						</li>
					))}
				</ul>
			)}
			{elsewhere && <p className="muted">{t("card.elsewhere")}</p>}
			{takesText && (
				<input
					type="text"
					className="text-input card-answer-input"
					aria-label={t("ask.answerLabel")}
					placeholder={t("ask.answerLabel")}
					value={typed}
					disabled={!usable}
					onChange={(event) => setTyped(event.target.value)}
				/>
			)}
			{(answers.length > 0 || showsEdit) && (
				<div className="card-ask-buttons">
					{showsEdit && (
						<button
							type="button"
							className="button secondary"
							onClick={() => showCardEdit(taskId)}
						>
							<Icon name="diff" /> {t("ask.showEdit")}
						</button>
					)}
					{answers.map((answer) => (
						<button
							key={answer.askResponse}
							type="button"
							className={`button ${answer.primary ? "primary" : "secondary"}`}
							disabled={!usable || (answer.needsText && typed.trim() === "")}
							onClick={() => {
								answerCard(taskId, ask.ts, answer.askResponse, typed)
								setTyped("")
							}}
						>
							{chatButtonLabel(answer.text, common)}
						</button>
					))}
				</div>
			)}
		</section>
	)
}
