import type { ProviderSettings } from "@cairn/types"
import { discoverModelInfo } from "./modelDiscovery.js"
import type { DiscoveredModelInfo, DiscoveryOptions } from "./modelDiscovery.js"

/**
 * The settings with what the server said about the model added to `modelInfo`, field by field,
 * only where the person set nothing. Together with resolveModelInfo the precedence is: the
 * person's `modelInfo` > discovered > the built-in catalog > defaults.
 */
export function withDiscoveredModelInfo(
	settings: ProviderSettings,
	discovered: DiscoveredModelInfo | undefined,
): ProviderSettings {
	const own = settings.modelInfo ?? {}
	const added = Object.entries(discovered ?? {}).filter(
		([field, value]) => value !== undefined && own[field as keyof typeof own] === undefined,
	)
	if (added.length === 0) return settings
	// `added` holds only fields the person left unset, so it cannot override any of theirs.
	return { ...settings, modelInfo: { ...own, ...Object.fromEntries(added) } }
}

/** The settings to build the provider with: the person's, completed by asking the server. */
export async function settingsWithDiscovery(
	settings: ProviderSettings,
	options: DiscoveryOptions = {},
): Promise<ProviderSettings> {
	return withDiscoveredModelInfo(settings, await discoverModelInfo(settings, options))
}
