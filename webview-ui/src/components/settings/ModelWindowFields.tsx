import type { ProviderSettings } from "@cairn/types"
import { NumberField } from "./NumberField"

type Limit = "contextWindow" | "maxOutputTokens"

/** The provider settings with one override set, or removed (and no empty `modelInfo` left behind). */
export function withLimit(
	provider: ProviderSettings,
	key: Limit,
	value: number | undefined,
): ProviderSettings {
	const { [key]: _old, ...others } = provider.modelInfo ?? {}
	const modelInfo = value === undefined ? others : { ...others, [key]: value }
	const { modelInfo: _info, ...rest } = provider
	return Object.keys(modelInfo).length === 0 ? rest : { ...rest, modelInfo }
}

/**
 * The model's context window and output cap, for a model Cairn does not know (or knows wrong).
 * Empty means what Cairn knows: its catalog, or what an OpenAI-compatible server reports.
 */
export function ModelWindowFields({
	provider,
	onChange,
}: {
	provider: ProviderSettings
	onChange: (next: ProviderSettings) => void
}) {
	const window = provider.modelInfo?.contextWindow
	const output = provider.modelInfo?.maxOutputTokens
	const set = (key: Limit) => (value: number | undefined) => onChange(withLimit(provider, key, value))
	return (
		<>
			<NumberField
				label="Context window (tokens)"
				description="Leave empty to use what Cairn knows about this model (its catalog, or what the server reports). Set it for a model Cairn does not know or knows wrong; it is kept for this model only."
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
				description="The most the model may answer with in one reply; Cairn keeps room for it in the window. Leave empty for what Cairn knows."
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
		</>
	)
}
