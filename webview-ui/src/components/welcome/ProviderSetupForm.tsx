import { useTranslation } from "react-i18next"
import { providerKinds, type BedrockSettings, type ProviderName, type ProviderSettings } from "@cairn/types"
import { useId, useState } from "react"
import { updateTrustSetting } from "../../state/settingsActions"
import { ApiKeyField } from "../settings/ApiKeyField"
import { withPickedModel } from "../settings/models/modelInfoEdits"
import { ModelIdField } from "../settings/models/ModelIdField"
import { TestConnection } from "../settings/models/TestConnection"
import { baseUrlProblem } from "../settings/providerChoices"
import { BaseUrlField, ProviderOptions } from "../settings/ProviderFields"
import { providerText } from "../settings/providerText"
import { BedrockFields } from "../settings/providers/BedrockFields"
import { VertexFields } from "../settings/providers/VertexFields"
import "../settings/settings.css"

/**
 * First-run setup, with the fields of Settings in the order they depend on each other: the
 * provider, where it is (the base URL), the key, then the model, picked from the provider's own
 * list where it has one, and Test connection. The key goes to secret storage as soon as it is
 * entered (before any profile; the first profile takes it), so the list and the test can use it.
 * Save sends the provider as one `updateTrustSettings` field; the host makes it the first profile.
 */
export function ProviderSetupForm() {
	const { t } = useTranslation("welcome")
	const { t: settingsText } = useTranslation("settings")
	const id = useId()
	const [provider, setProvider] = useState<ProviderName>("anthropic")
	const [baseUrl, setBaseUrl] = useState("")
	/** The model chosen, with what the list said of it; it belongs to the provider it was chosen for. */
	const [model, setModel] = useState<ProviderSettings>()
	const [storedKeys, setStoredKeys] = useState<ReadonlySet<ProviderName>>(new Set())
	const [vertex, setVertex] = useState<ProviderSettings["vertex"]>()
	const [bedrock, setBedrock] = useState<BedrockSettings>()
	const kind = providerKinds[provider]
	const text = providerText(settingsText, provider)
	// Fields the provider does not show are not sent, whatever was typed before switching to it.
	const url = kind.baseUrl === "hidden" ? "" : baseUrl
	const where = {
		provider,
		...(url !== "" && { baseUrl: url }),
		...(provider === "vertex" && vertex && { vertex }),
		...(provider === "bedrock" && bedrock && { bedrock }),
	}
	const chosen = model?.provider === provider ? model : undefined
	const settings: ProviderSettings | undefined = chosen && { ...chosen, ...where }
	const ready =
		settings !== undefined &&
		baseUrlProblem(url) === undefined &&
		(provider !== "vertex" || vertex !== undefined) &&
		(provider !== "bedrock" || bedrock !== undefined)
	const keyStored = (stored: boolean) =>
		setStoredKeys((keys) => {
			const next = new Set(keys)
			if (stored) next.add(provider)
			else next.delete(provider)
			return next
		})

	return (
		<div className="setup-form" role="form" aria-label={t("form.label")}>
			<div className="field">
				<label htmlFor={`${id}-provider`}>{t("form.provider")}</label>
				<select
					id={`${id}-provider`}
					className="select"
					value={provider}
					onChange={(event) => setProvider(event.target.value as ProviderName)}
				>
					<ProviderOptions />
				</select>
			</div>
			{kind.baseUrl !== "hidden" && (
				<BaseUrlField
					label={text.baseUrlLabel}
					description={text.baseUrlDescription}
					value={baseUrl}
					onCommit={setBaseUrl}
				/>
			)}
			{provider === "vertex" && <VertexFields value={vertex} onChange={setVertex} />}
			{provider === "bedrock" && <BedrockFields value={bedrock} onChange={setBedrock} />}
			{kind.keyLabel !== undefined && (
				<ApiKeyField
					provider={provider}
					hasApiKey={storedKeys.has(provider)}
					label={text.keyLabel}
					onStored={keyStored}
				/>
			)}
			<ModelIdField
				// Another provider or address lists other models.
				key={`${provider} ${url}`}
				provider={provider}
				settings={settings ?? { ...where, modelId: "" }}
				onCommit={(modelId) => setModel({ provider, modelId })}
				onPick={(picked) => setModel(withPickedModel({ provider, modelId: picked.id }, picked))}
			/>
			{settings !== undefined && <TestConnection settings={settings} />}
			<button
				type="button"
				className="button primary"
				disabled={!ready}
				onClick={() => settings !== undefined && updateTrustSetting({ provider: settings })}
			>
				{t("form.save")}
			</button>
		</div>
	)
}
