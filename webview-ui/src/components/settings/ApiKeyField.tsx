import type { ProviderName } from "@cairn/types"
import { useId, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { removeApiKey, saveApiKey } from "../../state/settingsActions"
import { Icon } from "../common/Icon"

export interface ApiKeyFieldProps {
	provider: ProviderName
	/** Whether a key is stored; undefined when the page cannot know (a provider other than the task's). */
	hasApiKey: boolean | undefined
	label?: string
	/** Told when this field stores or removes the key (for a page that cannot ask the host). */
	onStored?: (stored: boolean) => void
}

/**
 * The provider's API key. It is sent to the host's secret storage when saved (or when the
 * person leaves the field with a key typed, so none is lost to a click elsewhere) and the field
 * is emptied at once: the page never shows a stored key, only that one is stored.
 */
export function ApiKeyField({ provider, hasApiKey, label, onStored }: ApiKeyFieldProps) {
	const { t } = useTranslation("settings")
	const id = useId()
	const [draft, setDraft] = useState("")
	const store = () => {
		if (draft.trim() === "") return
		saveApiKey(provider, draft.trim())
		setDraft("")
		onStored?.(true)
	}
	const save = (event: FormEvent) => {
		event.preventDefault()
		store()
	}
	return (
		<form className="field api-key-field" onSubmit={save}>
			<label htmlFor={id}>{label ?? t("apiKey.label")}</label>
			<div className="field-description">
				{hasApiKey === undefined && provider !== "ollama" ? (
					t("apiKey.usesSavedKey", { provider: t(`providers.${provider}.label`) })
				) : hasApiKey ? (
					<span className="key-saved">
						<Icon name="pass" /> {t("apiKey.saved")}
					</span>
				) : provider === "ollama" ? (
					t("apiKey.ollamaOptional")
				) : (
					t("apiKey.stored")
				)}
			</div>
			<div className="inline-form">
				<input
					id={id}
					className="text-input"
					type="password"
					autoComplete="off"
					spellCheck={false}
					placeholder={
						hasApiKey === true ? t("apiKey.savedPlaceholder") : t("apiKey.pastePlaceholder")
					}
					value={draft}
					onChange={(event) => setDraft(event.target.value)}
					onBlur={store}
				/>
				<button type="submit" className="button secondary" disabled={draft.trim() === ""}>
					{t("apiKey.save")}
				</button>
				{hasApiKey && (
					<button
						type="button"
						className="button secondary"
						onClick={() => (removeApiKey(provider), onStored?.(false))}
					>
						{t("apiKey.remove")}
					</button>
				)}
			</div>
		</form>
	)
}
