import { providerKinds, type ProviderName } from "@cairn/types"
import { useId, useState, type FormEvent } from "react"
import { removeApiKey, saveApiKey } from "../../state/settingsActions"
import { Icon } from "../common/Icon"

export interface ApiKeyFieldProps {
	provider: ProviderName
	/** Whether a key is stored; undefined when the page cannot know (a provider other than the task's). */
	hasApiKey: boolean | undefined
	label?: string
}

/**
 * The provider's API key. It is sent to the host's secret storage when saved and the field is
 * emptied at once: the page never shows a stored key, only that one is stored.
 */
export function ApiKeyField({ provider, hasApiKey, label = "API key" }: ApiKeyFieldProps) {
	const id = useId()
	const [draft, setDraft] = useState("")
	const save = (event: FormEvent) => {
		event.preventDefault()
		if (draft.trim() === "") return
		saveApiKey(provider, draft.trim())
		setDraft("")
	}
	return (
		<form className="field" onSubmit={save}>
			<label htmlFor={id}>{label}</label>
			<div className="field-description">
				{hasApiKey === undefined && provider !== "ollama" ? (
					`Cairn uses the key saved for ${providerKinds[provider].label}, if there is one. Save one here to set or replace it.`
				) : hasApiKey ? (
					<span className="key-saved">
						<Icon name="pass" /> A key is saved in the editor&apos;s secret storage. Type a new
						one to replace it.
					</span>
				) : provider === "ollama" ? (
					"Optional: a local Ollama needs no key."
				) : (
					"Stored in the editor's secret storage, never in settings or logs."
				)}
			</div>
			<div className="inline-form">
				<input
					id={id}
					className="text-input"
					type="password"
					autoComplete="off"
					spellCheck={false}
					placeholder={hasApiKey === true ? "•••••••• saved" : "Paste your API key"}
					value={draft}
					onChange={(event) => setDraft(event.target.value)}
				/>
				<button type="submit" className="button secondary" disabled={draft.trim() === ""}>
					Save key
				</button>
				{hasApiKey && (
					<button type="button" className="button secondary" onClick={() => removeApiKey(provider)}>
						Remove key
					</button>
				)}
			</div>
		</form>
	)
}
