import {
	applySettingsPatch,
	cairnSettingsSchema,
	defaultSettings,
	safeParse,
	type CairnSettings,
	type CairnSettingsPatch,
	type ProviderName,
} from "@cairn/types"
import type { Host } from "../host/Host.js"

const settingsKey = "settings"
const apiKeyName = (provider: ProviderName) => `apiKey.${provider}`

/**
 * Settings live in the host's key-value state, keys in its secret storage. Settings that fail
 * to validate (an old or hand-edited file) fall back to defaults with a warning, never a crash.
 */
export class SettingsStore {
	private current: CairnSettings = defaultSettings()

	constructor(private readonly host: Host) {}

	get settings(): CairnSettings {
		return this.current
	}

	async load(): Promise<CairnSettings> {
		const stored = await this.host.state.get(settingsKey)
		if (stored === undefined) return this.current
		const parsed = safeParse(cairnSettingsSchema, stored)
		if (parsed.success) this.current = parsed.data
		else this.host.logger.warn("Stored settings are invalid; using defaults", { error: parsed.error })
		return this.current
	}

	async update(patch: CairnSettingsPatch): Promise<CairnSettings> {
		this.current = applySettingsPatch(this.current, patch)
		await this.host.state.set(settingsKey, this.current)
		return this.current
	}

	async apiKey(provider: ProviderName): Promise<string | undefined> {
		return this.host.secrets.get(apiKeyName(provider))
	}

	async setApiKey(provider: ProviderName, key: string | undefined): Promise<void> {
		if (key === undefined) await this.host.secrets.delete(apiKeyName(provider))
		else await this.host.secrets.set(apiKeyName(provider), key)
	}

	/**
	 * Whether the configured provider can be used: a key is stored, or none is needed (Ollama, or an
	 * OpenAI-compatible local endpoint given by its base URL).
	 */
	async hasApiKey(): Promise<boolean> {
		const provider = this.current.provider
		if (provider === undefined) return false
		if (
			provider.provider === "ollama" ||
			(provider.provider === "openai" && provider.baseUrl !== undefined)
		)
			return true
		return (await this.apiKey(provider.provider)) !== undefined
	}
}
