import { providerKinds, providerNames, type ProviderName, type ProviderSettings } from "@cairn/types"
import { baseUrlProblem } from "./providerChoices"
import { TextField } from "./TextField"

/** The providers, as the options of a provider select. */
export function ProviderOptions() {
	return providerNames.map((name) => (
		<option key={name} value={name}>
			{providerKinds[name].label}
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
}) {
	const { chosen, settings, labels } = props
	return (
		<>
			<TextField
				label={labels.modelId}
				value={settings?.modelId ?? ""}
				placeholder={providerKinds[chosen].modelPlaceholder}
				validate={(value) => (value === "" ? "A model id is required." : undefined)}
				onCommit={props.onModelId}
			/>
			{settings !== undefined && providerKinds[chosen].baseUrl !== "hidden" && (
				<TextField
					label={labels.baseUrl}
					description={labels.baseUrlDescription}
					value={settings.baseUrl ?? ""}
					placeholder="https://…"
					validate={baseUrlProblem}
					onCommit={(baseUrl) => {
						const { baseUrl: _old, ...rest } = settings
						props.onChange(baseUrl === "" ? rest : { ...rest, baseUrl })
					}}
				/>
			)}
		</>
	)
}
