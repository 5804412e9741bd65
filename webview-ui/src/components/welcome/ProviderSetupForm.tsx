import { useTranslation } from "react-i18next"
import {
	providerKinds,
	baseUrlLabel,
	type BedrockSettings,
	type ProviderName,
	type ProviderSettings,
} from "@cairn/types"
import { useId, useState, type FormEvent } from "react"
import { saveApiKey, updateTrustSetting } from "../../state/settingsActions"
import { baseUrlProblem } from "../settings/providerChoices"
import { ProviderOptions } from "../settings/ProviderFields"
import { BedrockFields } from "../settings/providers/BedrockFields"
import { VertexFields } from "../settings/providers/VertexFields"
import "../settings/settings.css"

/**
 * First-run setup in one short form. It sends the same messages as Settings: the provider as
 * one `updateTrustSettings` field (the host saves it as the first profile), the key (if typed) as
 * `updateApiKey`.
 */
export function ProviderSetupForm() {
	const { t } = useTranslation("welcome")
	const id = useId()
	const [provider, setProvider] = useState<ProviderName>("anthropic")
	const [modelId, setModelId] = useState("")
	const [baseUrl, setBaseUrl] = useState("")
	const [apiKey, setApiKey] = useState("")
	const [vertex, setVertex] = useState<ProviderSettings["vertex"]>()
	const [bedrock, setBedrock] = useState<BedrockSettings>()
	const kind = providerKinds[provider]
	// Fields the provider does not show are not sent, whatever was typed before switching to it.
	const url = kind.baseUrl === "hidden" ? "" : baseUrl.trim()
	const key = kind.keyLabel === undefined ? "" : apiKey.trim()
	const urlProblem = baseUrlProblem(url)
	const ready =
		modelId.trim() !== "" &&
		urlProblem === undefined &&
		(provider !== "vertex" || vertex !== undefined) &&
		(provider !== "bedrock" || bedrock !== undefined)

	const submit = (event: FormEvent) => {
		event.preventDefault()
		if (!ready) return
		updateTrustSetting({
			provider: {
				provider,
				modelId: modelId.trim(),
				...(url !== "" && { baseUrl: url }),
				...(provider === "vertex" && { vertex }),
				...(provider === "bedrock" && { bedrock }),
			},
		})
		if (key !== "") saveApiKey(provider, key)
		setApiKey("")
	}

	return (
		<form className="setup-form" onSubmit={submit} aria-label={t("form.label")}>
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
			<div className="field">
				<label htmlFor={`${id}-model`}>{t("form.model")}</label>
				<input
					id={`${id}-model`}
					className="text-input"
					value={modelId}
					placeholder={kind.modelPlaceholder}
					onChange={(event) => setModelId(event.target.value)}
				/>
			</div>
			{provider === "vertex" && <VertexFields value={vertex} onChange={setVertex} />}
			{kind.keyLabel !== undefined && (
				<div className="field">
					<label htmlFor={`${id}-key`}>{kind.keyLabel}</label>
					<input
						id={`${id}-key`}
						className="text-input"
						type="password"
						autoComplete="off"
						spellCheck={false}
						value={apiKey}
						placeholder={t("form.keyPlaceholder")}
						onChange={(event) => setApiKey(event.target.value)}
					/>
				</div>
			)}
			{kind.baseUrl !== "hidden" && (
				<div className="field">
					<label htmlFor={`${id}-url`}>{baseUrlLabel(provider)}</label>
					<input
						id={`${id}-url`}
						className="text-input"
						value={baseUrl}
						placeholder={t("form.urlPlaceholder")}
						aria-describedby={`${id}-url-description`}
						aria-invalid={urlProblem !== undefined}
						onChange={(event) => setBaseUrl(event.target.value)}
					/>
					<div id={`${id}-url-description`} className="field-description">
						{kind.baseUrlDescription}
					</div>
					{urlProblem !== undefined && <div className="field-error">{urlProblem}</div>}
				</div>
			)}
			{provider === "bedrock" && <BedrockFields value={bedrock} onChange={setBedrock} />}
			<button type="submit" className="button primary" disabled={!ready}>
				{t("form.save")}
			</button>
		</form>
	)
}
