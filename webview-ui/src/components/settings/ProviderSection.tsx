import { providerKinds, type ProviderName, type ProviderSettings } from "@cairn/types"
import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { updateTrustSetting } from "../../state/settingsActions"
import { useWebviewStore } from "../../state/store"
import { ApiKeyField } from "./ApiKeyField"
import { ModelInfoFields } from "./ModelInfoFields"
import { withPickedModel } from "./models/modelInfoEdits"
import { ModelIdField } from "./models/ModelIdField"
import { TestConnection } from "./models/TestConnection"
import { ModelEndpointFields, ProviderOptions } from "./ProviderFields"
import { providerText } from "./providerText"
import { OpenRouterFields } from "./providers/OpenRouterFields"
import { BedrockFields } from "./providers/BedrockFields"
import { VertexFields } from "./providers/VertexFields"

/**
 * Which model Cairn talks to. The provider settings are one field of the protocol, so each
 * change sends the whole provider object. A provider chosen before any model id waits here:
 * the host accepts a provider only with a model.
 */
export function ProviderSection() {
	const { t } = useTranslation("settings")
	const provider = useWebviewStore((s) => s.settings.provider)
	const hasApiKey = useWebviewStore((s) => s.hasApiKey)
	const profileName = useWebviewStore(
		(s) => s.settings.profiles.find((profile) => profile.id === s.settings.currentProfileId)?.name,
	)
	const [pending, setPending] = useState<ProviderName>()
	const selectId = useId()
	const chosen = provider?.provider ?? pending

	const send = (next: ProviderSettings) => updateTrustSetting({ provider: next })
	const chooseProvider = (name: ProviderName) => {
		if (provider === undefined) return setPending(name)
		// A base URL belongs to the provider it was set for, window overrides to the model.
		const { baseUrl: _url, modelInfo: _info, ...rest } = provider
		send({ ...rest, provider: name })
	}
	const chooseModel = (name: ProviderName, modelId: string) => {
		if (provider === undefined) return send({ provider: name, modelId })
		const { modelInfo: _otherModel, ...rest } = provider
		send(provider.modelId === modelId ? provider : { ...rest, modelId })
	}

	return (
		<section
			className="settings-section"
			aria-labelledby={`${selectId}-title`}
			data-settings-section="provider"
		>
			<h2 id={`${selectId}-title`}>{t("provider.title")}</h2>
			{profileName !== undefined && (
				<div className="field-description">
					{t("provider.savedToProfile", { profile: profileName })}
				</div>
			)}
			<div className="field">
				<label htmlFor={selectId}>{t("provider.provider")}</label>
				<select
					id={selectId}
					className="select"
					value={chosen ?? ""}
					onChange={(event) => chooseProvider(event.target.value as ProviderName)}
				>
					{chosen === undefined && (
						<option value="" disabled>
							{t("provider.choose")}
						</option>
					)}
					<ProviderOptions />
				</select>
			</div>
			{chosen !== undefined && (
				<>
					<ModelEndpointFields
						chosen={chosen}
						settings={provider}
						labels={{
							modelId: t("provider.modelId"),
							baseUrl: providerText(t, chosen).baseUrlLabel,
							baseUrlDescription: providerText(t, chosen).baseUrlDescription,
						}}
						onModelId={(modelId) => chooseModel(chosen, modelId)}
						onChange={send}
						modelIdField={
							<ModelIdField
								provider={chosen}
								settings={provider}
								onCommit={(modelId) => chooseModel(chosen, modelId)}
								onPick={(model) =>
									send(
										withPickedModel(
											provider ?? { provider: chosen, modelId: model.id },
											model,
										),
									)
								}
							/>
						}
					/>
					{chosen === "vertex" && provider !== undefined && (
						<VertexFields
							value={provider.vertex}
							onChange={(vertex) => send({ ...provider, vertex })}
						/>
					)}
					{chosen === "bedrock" && provider !== undefined && (
						<BedrockFields
							value={provider.bedrock}
							onChange={(bedrock) => send({ ...provider, bedrock })}
						/>
					)}
					{providerKinds[chosen].keyLabel !== undefined && (
						<ApiKeyField
							provider={chosen}
							hasApiKey={hasApiKey}
							label={providerText(t, chosen).keyLabel}
						/>
					)}
					{provider !== undefined && <TestConnection settings={provider} />}
					{provider?.provider === "openrouter" && (
						<OpenRouterFields settings={provider} onChange={send} />
					)}
					{provider !== undefined && <ModelInfoFields provider={provider} onChange={send} />}
				</>
			)}
		</section>
	)
}
