import { useId, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { removeCodebaseIndexKey, saveCodebaseIndexKey } from "../../../state/codebaseIndexActions"
import { useWebviewStore } from "../../../state/store"
import { Icon } from "../../common/Icon"

/**
 * The embedding provider's own API key, for when it differs from the chat provider's. Sent to the
 * host's secret storage and cleared from the page at once: the page only knows that one is saved.
 */
export function IndexKeyField() {
	const { t } = useTranslation("codebaseIndex")
	const id = useId()
	const [draft, setDraft] = useState("")
	const hasOwnKey = useWebviewStore((s) => s.codebaseIndex?.hasOwnKey === true)
	const save = (event: FormEvent) => {
		event.preventDefault()
		if (draft.trim() === "") return
		saveCodebaseIndexKey(draft.trim())
		setDraft("")
	}
	return (
		<form className="field" onSubmit={save}>
			<label htmlFor={id}>{t("key.label")}</label>
			<div className="field-description">
				{hasOwnKey ? (
					<span className="key-saved">
						<Icon name="pass" /> {t("key.saved")}
					</span>
				) : (
					t("key.description")
				)}
			</div>
			<div className="inline-form">
				<input
					id={id}
					className="text-input"
					type="password"
					autoComplete="off"
					spellCheck={false}
					placeholder={hasOwnKey ? t("key.savedPlaceholder") : t("key.placeholder")}
					value={draft}
					onChange={(event) => setDraft(event.target.value)}
				/>
				<button
					type="submit"
					className="button secondary"
					aria-label={t("key.saveLabel")}
					disabled={draft.trim() === ""}
				>
					{t("key.save")}
				</button>
				{hasOwnKey && (
					<button
						type="button"
						className="button secondary"
						aria-label={t("key.removeLabel")}
						onClick={removeCodebaseIndexKey}
					>
						{t("key.remove")}
					</button>
				)}
			</div>
		</form>
	)
}
