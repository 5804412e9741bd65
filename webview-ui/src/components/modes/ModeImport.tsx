import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { importModes, type ModesFile } from "../../state/modeActions"

/** Adds the modes of a modes file, pasted or picked; the host refuses the whole text if one mode is invalid. */
export function ModeImport({ onDone }: { onDone: () => void }) {
	const { t } = useTranslation("modes")
	const id = useId()
	const [text, setText] = useState("")
	const [source, setSource] = useState<ModesFile>("global")
	return (
		<form
			className="mode-form"
			aria-label={t("import.title")}
			onSubmit={(event) => {
				event.preventDefault()
				importModes(source, text)
				onDone()
			}}
		>
			<div className="field">
				<label htmlFor={`${id}-text`}>{t("import.text")}</label>
				<textarea
					id={`${id}-text`}
					className="text-input"
					rows={8}
					value={text}
					onChange={(event) => setText(event.target.value)}
				/>
			</div>
			<div className="field">
				<label htmlFor={`${id}-file`}>{t("import.file")}</label>
				<input
					id={`${id}-file`}
					type="file"
					accept=".yaml,.yml"
					onChange={(event) => {
						const file = event.target.files?.[0]
						if (file) void file.text().then(setText)
					}}
				/>
			</div>
			<div className="field">
				<label htmlFor={`${id}-source`}>{t("import.addTo")}</label>
				<select
					id={`${id}-source`}
					value={source}
					onChange={(event) => setSource(event.target.value as ModesFile)}
				>
					<option value="global">{t("files.global")}</option>
					<option value="project">{t("files.project")}</option>
				</select>
			</div>
			<div className="confirm-buttons">
				<button type="submit" className="button primary" disabled={text.trim() === ""}>
					{t("import.import")}
				</button>
				<button type="button" className="button secondary" onClick={onDone}>
					{t("cancel")}
				</button>
			</div>
		</form>
	)
}
