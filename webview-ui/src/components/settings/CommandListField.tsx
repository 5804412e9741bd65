import { useId, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { IconButton } from "../common/IconButton"

export interface CommandListFieldProps {
	label: string
	description: string
	values: readonly string[]
	onChange: (values: string[]) => void
}

/** A list of command prefixes ("git log", "npm test") with add and remove. */
export function CommandListField({ label, description, values, onChange }: CommandListFieldProps) {
	const { t } = useTranslation("settings")
	const id = useId()
	const [draft, setDraft] = useState("")
	const add = (event: FormEvent) => {
		event.preventDefault()
		const prefix = draft.trim()
		if (prefix === "") return
		if (!values.includes(prefix)) onChange([...values, prefix])
		setDraft("")
	}
	return (
		<fieldset className="field command-list">
			<legend>{label}</legend>
			<div className="field-description">{description}</div>
			{values.length > 0 && (
				<ul className="chips" aria-label={label}>
					{values.map((value) => (
						<li key={value} className="chip">
							<code>{value}</code>
							<IconButton
								icon="close"
								label={t("commands.remove", { command: value })}
								onClick={() => onChange(values.filter((v) => v !== value))}
							/>
						</li>
					))}
				</ul>
			)}
			<form className="inline-form" onSubmit={add}>
				<input
					id={id}
					className="text-input"
					aria-label={t("commands.addTo", { list: label })}
					placeholder={t("commands.placeholder")}
					value={draft}
					onChange={(event) => setDraft(event.target.value)}
				/>
				<button type="submit" className="button secondary" disabled={draft.trim() === ""}>
					{t("commands.add")}
				</button>
			</form>
		</fieldset>
	)
}
