import { providerKinds, providerNames, type ProviderName, type ProviderSettings } from "@cairn/types"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { baseUrlProblem } from "./providerChoices"
import { providerText } from "./providerText"
import { TextField } from "./TextField"

// An address is written the same in every language.
const urlPlaceholder = "https://…"

/** The providers, as the options of a provider select. */
export function ProviderOptions() {
	const { t } = useTranslation("settings")
	return providerNames.map((name) => (
		<option key={name} value={name}>
			{t(`providers.${name}.label`)}
		</option>
	))
}

/**
 * A provider's model id and base URL. The base URL shows once there is a model to keep it with;
 * emptying it goes back to the provider's own endpoint.
 */
export function ModelEndpointFields(props: {
	chosen: ProviderName
	settings: ProviderSettings | undefined
	labels: { modelId: string; baseUrl: string; baseUrlDescription: string }
	onModelId: (modelId: string) => void
	onChange: (next: ProviderSettings) => void
	/** Takes the place of the model id's text field (the settings view's model picker). */
	modelIdField?: ReactNode
}) {
	const { t } = useTranslation("settings")
	const { chosen, settings, labels } = props
	return (
		<>
			{props.modelIdField ?? (
				<TextField
					label={labels.modelId}
					value={settings?.modelId ?? ""}
					placeholder={providerText(t, chosen).modelPlaceholder}
					validate={(value) => (value === "" ? t("provider.modelIdRequired") : undefined)}
					onCommit={props.onModelId}
				/>
			)}
			{settings !== undefined && providerKinds[chosen].baseUrl !== "hidden" && (
				<BaseUrlField
					label={labels.baseUrl}
					description={labels.baseUrlDescription}
					value={settings.baseUrl ?? ""}
					onCommit={(baseUrl) => {
						const { baseUrl: _old, ...rest } = settings
						props.onChange(baseUrl === "" ? rest : { ...rest, baseUrl })
					}}
				/>
			)}
		</>
	)
}

/** A provider's base URL (http or https); empty means the provider's own endpoint. */
export function BaseUrlField(props: {
	label: string
	description: string
	value: string
	onCommit: (baseUrl: string) => void
}) {
	return (
		<TextField
			label={props.label}
			description={props.description}
			value={props.value}
			placeholder={urlPlaceholder}
			validate={baseUrlProblem}
			onCommit={props.onCommit}
		/>
	)
}
