import { followEditorLanguage, uiLanguageNativeNames, uiLanguages } from "@cairn/types"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { updateSetting } from "../../../state/settingsActions"
import { useWebviewStore } from "../../../state/store"

/**
 * The language Cairn speaks: VS Code's display language by default, or one chosen here. Each
 * language is named as its speakers write it, so a person can find theirs whatever is shown now.
 */
export function LanguageSection() {
	const { t } = useTranslation("app")
	const id = useId()
	const language = useWebviewStore((s) => s.settings.language)
	// A tag set in settings.json that Cairn has no translation for (the model still answers in it).
	const other = language !== followEditorLanguage && !uiLanguages.some((ui) => ui === language)
	return (
		<section className="settings-section" aria-labelledby={`${id}-title`}>
			<h2 id={`${id}-title`}>{t("language.title")}</h2>
			<div className="field">
				<label htmlFor={id}>{t("language.label")}</label>
				<div className="field-description">{t("language.description")}</div>
				<select
					id={id}
					className="select"
					value={language}
					onChange={(event) => updateSetting({ language: event.target.value })}
				>
					<option value={followEditorLanguage}>{t("language.followEditor")}</option>
					{uiLanguages.map((ui) => (
						<option key={ui} value={ui} lang={ui}>
							{uiLanguageNativeNames[ui]}
						</option>
					))}
					{other && <option value={language}>{language}</option>}
				</select>
			</div>
		</section>
	)
}
