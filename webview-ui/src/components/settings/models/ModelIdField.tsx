import { providerKinds, type ListedModel, type ProviderName, type ProviderSettings } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { providerText } from "../providerText"
import { TextField } from "../TextField"
import { ModelPicker } from "./ModelPicker"

/**
 * The model id of a provider: the searchable list of its models where it can list them, else a
 * text field. Settings and the welcome form both choose a model with it.
 */
export function ModelIdField(props: {
	provider: ProviderName
	/** The provider's settings so far; the list is asked for with their base URL. */
	settings: ProviderSettings | undefined
	onCommit: (modelId: string) => void
	onPick: (model: ListedModel) => void
}) {
	const { t } = useTranslation("settings")
	const { provider, settings } = props
	const label = t("provider.modelId")
	const placeholder = providerText(t, provider).modelPlaceholder
	if (providerKinds[provider].listsModels)
		return (
			<ModelPicker
				label={label}
				provider={provider}
				settings={settings}
				placeholder={placeholder}
				onCommit={props.onCommit}
				onPick={props.onPick}
			/>
		)
	return (
		<TextField
			label={label}
			value={settings?.provider === provider ? settings.modelId : ""}
			placeholder={placeholder}
			validate={(value) => (value === "" ? t("provider.modelIdRequired") : undefined)}
			onCommit={props.onCommit}
		/>
	)
}
