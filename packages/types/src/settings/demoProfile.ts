import type { ProviderProfile } from "./profiles.js"
import type { ProviderSettings } from "./provider.js"

/**
 * The demo's profile: Cairn's own scripted model (packages/model-server) on 127.0.0.1, playing the
 * demo's script. Its fixed id is how every part recognises it (the banner, removal, restart).
 */
export const demoProfileId = "cairn-demo"
/** The name it shows under everywhere; it says it is a demo and needs no network. */
export const demoProfileName = "Demo (offline)"
/** The model id the scripted server answers as: it names no real model, on purpose. */
export const demoModelId = "cairn-scripted-demo"

export const isDemoProfile = (profile: Pick<ProviderProfile, "id"> | undefined): boolean =>
	profile?.id === demoProfileId

/** The demo's provider settings for a scripted server listening at `baseUrl` (OpenAI-compatible). */
export function demoProviderSettings(baseUrl: string): ProviderSettings {
	return {
		provider: "openai",
		modelId: demoModelId,
		baseUrl,
		// A scripted model on this computer costs nothing; its window is what the script needs.
		modelInfo: {
			contextWindow: 128_000,
			maxOutputTokens: 8_192,
			inputPrice: 0,
			outputPrice: 0,
			supportsImages: false,
			supportsPromptCache: false,
			supportsReasoning: false,
		},
	}
}

export function demoProfile(baseUrl: string): ProviderProfile {
	return { id: demoProfileId, name: demoProfileName, provider: demoProviderSettings(baseUrl) }
}
