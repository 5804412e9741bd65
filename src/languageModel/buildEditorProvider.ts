import { buildProvider, resolveModelInfo, type ModelProvider } from "@cairn/core"
import type { ProviderSettings } from "@cairn/types"
import { VsCodeLmProvider } from "./vscodeLmProvider"

/** Core's providers, plus the one only the editor has: its Language Model API. */
export function buildEditorProvider(settings: ProviderSettings, apiKey: string | undefined): ModelProvider {
	if (settings.provider !== "vscode-lm") return buildProvider(settings, apiKey)
	return new VsCodeLmProvider(
		settings,
		resolveModelInfo(settings.provider, settings.modelId, settings.modelInfo),
	)
}
