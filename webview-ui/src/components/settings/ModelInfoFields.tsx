import type { ModelInfo, ProviderSettings } from "@cairn/types"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { withInfoField, type InfoField } from "./models/modelInfoEdits"
import { NumberField } from "./NumberField"

type Price = "inputPrice" | "outputPrice" | "cacheReadsPrice" | "cacheWritesPrice"
type Capability = "supportsImages" | "supportsReasoning"

const prices: readonly Price[] = ["inputPrice", "outputPrice", "cacheReadsPrice", "cacheWritesPrice"]

const capabilities: readonly Capability[] = ["supportsImages", "supportsReasoning"]

/** Yes, no, or what Cairn knows: an override the person can also take back. */
function CapabilityField(props: {
	label: string
	description: string
	value: boolean | undefined
	onChange: (value: boolean | undefined) => void
}) {
	const { t } = useTranslation("settings")
	const id = useId()
	const value = props.value === undefined ? "" : props.value ? "yes" : "no"
	return (
		<div className="field">
			<label htmlFor={id}>{props.label}</label>
			<div className="field-description">{props.description}</div>
			<select
				id={id}
				className="select"
				value={value}
				onChange={(event) =>
					props.onChange(event.target.value === "" ? undefined : event.target.value === "yes")
				}
			>
				<option value="">{t("modelInfo.asKnown")}</option>
				<option value="yes">{t("modelInfo.yes")}</option>
				<option value="no">{t("modelInfo.no")}</option>
			</select>
		</div>
	)
}

/**
 * What Cairn is told about the model, field by field, over what it knows (its catalog, what the
 * provider lists): the context window and output cap (for the context bar and condensing), the
 * prices (for the cost of each request), and what the model can do. Empty means what Cairn knows;
 * a value is kept for this model only.
 */
export function ModelInfoFields({
	provider,
	onChange,
}: {
	provider: ProviderSettings
	onChange: (next: ProviderSettings) => void
}) {
	const { t } = useTranslation("settings")
	const info = provider.modelInfo ?? {}
	const window = info.contextWindow
	const output = info.maxOutputTokens
	const set =
		<K extends InfoField>(key: K) =>
		(value: ModelInfo[K] | undefined) =>
			onChange(withInfoField(provider, key, value))
	return (
		<fieldset className="field model-info-fields">
			<legend>{t("modelInfo.title")}</legend>
			<div className="field-description">{t("modelInfo.description")}</div>
			<NumberField
				label={t("modelInfo.contextWindow")}
				value={window}
				placeholder={t("modelInfo.known")}
				min={1000}
				integer
				validate={(value) =>
					output !== undefined && value <= output
						? t("modelInfo.windowTooSmall", { tokens: output })
						: undefined
				}
				onCommit={set("contextWindow")}
				onClear={() => set("contextWindow")(undefined)}
			/>
			<NumberField
				label={t("modelInfo.maxOutput")}
				description={t("modelInfo.maxOutputDescription")}
				value={output}
				placeholder={t("modelInfo.known")}
				min={1}
				integer
				validate={(value) =>
					window !== undefined && value >= window
						? t("modelInfo.outputTooLarge", { tokens: window })
						: undefined
				}
				onCommit={set("maxOutputTokens")}
				onClear={() => set("maxOutputTokens")(undefined)}
			/>
			{prices.map((key) => (
				<NumberField
					key={key}
					label={t(`modelInfo.${key}`)}
					value={info[key]}
					placeholder={t("modelInfo.known")}
					min={0}
					step={0.01}
					onCommit={set(key)}
					onClear={() => set(key)(undefined)}
				/>
			))}
			{capabilities.map((key) => (
				<CapabilityField
					key={key}
					label={t(`modelInfo.${key}`)}
					description={t(`modelInfo.${key}Description`)}
					value={info[key]}
					onChange={set(key)}
				/>
			))}
		</fieldset>
	)
}
