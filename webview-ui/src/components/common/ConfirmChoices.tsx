import { useTranslation } from "react-i18next"

export interface Choice {
	label: string
	onChoose: () => void
	/** The choice that changes most; shown first, as the primary button. */
	primary?: boolean
}

/** A question asked in place (in a row, on a card) before a change that is hard to undo, with its answers. */
export function ConfirmChoices({
	question,
	choices,
	onCancel,
}: {
	question: string
	choices: readonly Choice[]
	onCancel: () => void
}) {
	const { t } = useTranslation("common")
	return (
		<div className="confirm-choices" role="group" aria-label={question}>
			<div className="row-detail">{question}</div>
			<div className="confirm-buttons">
				{choices.map((choice) => (
					<button
						key={choice.label}
						type="button"
						className={`button ${choice.primary ? "primary" : "secondary"}`}
						onClick={choice.onChoose}
					>
						{choice.label}
					</button>
				))}
				<button type="button" className="button secondary" onClick={onCancel}>
					{t("cancel")}
				</button>
			</div>
		</div>
	)
}
