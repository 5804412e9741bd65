import { useId } from "react"
import { useTranslation } from "react-i18next"
import { useDraft } from "./useDraft"

export interface InstructionsFieldProps {
	value: string
	onCommit: (value: string) => void
}

/** Free text added to every task's system prompt; sent when the person leaves the field. */
export function InstructionsField({ value, onCommit }: InstructionsFieldProps) {
	const { t } = useTranslation("settings")
	const id = useId()
	const [draft, setDraft] = useDraft(value)
	return (
		<div className="field">
			<label htmlFor={id}>{t("agent.instructions")}</label>
			<div className="field-description">{t("agent.instructionsDescription")}</div>
			<textarea
				id={id}
				className="text-input instructions"
				rows={5}
				value={draft}
				onChange={(event) => setDraft(event.target.value)}
				onBlur={() => draft !== value && onCommit(draft)}
			/>
		</div>
	)
}
