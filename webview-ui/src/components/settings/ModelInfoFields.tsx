import type { ModelInfo, ProviderSettings } from "@cairn/types"
import { useId } from "react"
import { withInfoField, type InfoField } from "./models/modelInfoEdits"
import { NumberField } from "./NumberField"

type Price = "inputPrice" | "outputPrice" | "cacheReadsPrice" | "cacheWritesPrice"
type Capability = "supportsImages" | "supportsReasoning"

const prices: [Price, string][] = [
	["inputPrice", "Input price"],
	["outputPrice", "Output price"],
	["cacheReadsPrice", "Cache read price"],
	["cacheWritesPrice", "Cache write price"],
]

const capabilities: [Capability, string, string][] = [
	[
		"supportsImages",
		"Reads images",
		"Whether Cairn sends the model images (screenshots, pasted pictures).",
	],
	[
		"supportsReasoning",
		"Reasons before answering",
		"Whether Cairn asks for the model's reasoning, with the reasoning budget.",
	],
]

/** Yes, no, or what Cairn knows: an override the person can also take back. */
function CapabilityField(props: {
	label: string
	description: string
	value: boolean | undefined
	onChange: (value: boolean | undefined) => void
}) {
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
				<option value="">As Cairn knows the model</option>
				<option value="yes">Yes</option>
				<option value="no">No</option>
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
	const info = provider.modelInfo ?? {}
	const window = info.contextWindow
	const output = info.maxOutputTokens
	const set =
		<K extends InfoField>(key: K) =>
		(value: ModelInfo[K] | undefined) =>
			onChange(withInfoField(provider, key, value))
	return (
		<fieldset className="field model-info-fields">
			<legend>Model info</legend>
			<div className="field-description">
				Leave a field empty for what Cairn knows about this model (its catalog, or what the provider
				lists). Set it for a model Cairn does not know or knows wrong; it is kept for this model only.
			</div>
			<NumberField
				label="Context window (tokens)"
				value={window}
				placeholder="Known to Cairn"
				min={1000}
				integer
				validate={(value) =>
					output !== undefined && value <= output
						? `The window must be larger than the output cap (${output} tokens).`
						: undefined
				}
				onCommit={set("contextWindow")}
				onClear={() => set("contextWindow")(undefined)}
			/>
			<NumberField
				label="Max output tokens"
				description="The most the model may answer with in one reply; Cairn keeps room for it in the window."
				value={output}
				placeholder="Known to Cairn"
				min={1}
				integer
				validate={(value) =>
					window !== undefined && value >= window
						? `The output cap must be smaller than the context window (${window} tokens).`
						: undefined
				}
				onCommit={set("maxOutputTokens")}
				onClear={() => set("maxOutputTokens")(undefined)}
			/>
			{prices.map(([key, label]) => (
				<NumberField
					key={key}
					label={`${label} ($ per million tokens)`}
					value={info[key]}
					placeholder="Known to Cairn"
					min={0}
					step={0.01}
					onCommit={set(key)}
					onClear={() => set(key)(undefined)}
				/>
			))}
			{capabilities.map(([key, label, description]) => (
				<CapabilityField
					key={key}
					label={label}
					description={description}
					value={info[key]}
					onChange={set(key)}
				/>
			))}
		</fieldset>
	)
}
