import type { ProviderName, ProviderSettings } from "@cairn/types"
import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { updateTrustSetting } from "../../state/settingsActions"
import { useWebviewStore } from "../../state/store"
import { ApiKeyField } from "./ApiKeyField"
import { ModelEndpointFields, ProviderOptions } from "./ProviderFields"

const sameAsTask = ""

/**
 * The model that writes the summaries: the task's own, or another (a cheaper one, say). Like the
 * task's provider, a provider chosen before its model id waits here, since the setting needs
 * both. Its key is the one stored for that provider, so another provider's key can be saved here.
 */
export function CondensingModelFields() {
	const { t } = useTranslation("settings")
	const condensing = useWebviewStore((s) => s.settings.condensingProvider)
	const taskProvider = useWebviewStore((s) => s.settings.provider?.provider)
	const [pending, setPending] = useState<ProviderName>()
	const selectId = useId()
	const chosen = condensing?.provider ?? pending

	const send = (next: ProviderSettings | null) => updateTrustSetting({ condensingProvider: next })
	const choose = (value: string) => {
		if (value === sameAsTask) {
			setPending(undefined)
			if (condensing !== undefined) send(null)
			return
		}
		const name = value as ProviderName
		if (condensing === undefined) return setPending(name)
		// A base URL belongs to the provider it was set for.
		const { baseUrl: _dropped, ...rest } = condensing
		send({ ...rest, provider: name })
	}

	return (
		<>
			<div className="field">
				<label htmlFor={selectId}>{t("context.condensingModel")}</label>
				<div className="field-description">{t("context.condensingModelDescription")}</div>
				<select
					id={selectId}
					className="select"
					value={chosen ?? sameAsTask}
					onChange={(event) => choose(event.target.value)}
				>
					<option value={sameAsTask}>{t("context.sameAsTask")}</option>
					<ProviderOptions />
				</select>
			</div>
			{chosen !== undefined && (
				<>
					<ModelEndpointFields
						chosen={chosen}
						settings={condensing}
						labels={{
							modelId: t("context.condensingModelId"),
							baseUrl: t("context.condensingBaseUrl"),
							baseUrlDescription: t("context.condensingBaseUrlDescription"),
						}}
						onModelId={(modelId) => send({ ...(condensing ?? { provider: chosen }), modelId })}
						onChange={send}
					/>
					{chosen === taskProvider ? (
						<div className="field-description">
							{t("context.usesTaskKey", { provider: t(`providers.${chosen}.label`) })}
						</div>
					) : (
						<ApiKeyField
							provider={chosen}
							hasApiKey={undefined}
							label={t("apiKey.providerKey", { provider: t(`providers.${chosen}.label`) })}
						/>
					)}
				</>
			)}
		</>
	)
}
