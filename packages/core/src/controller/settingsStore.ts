import {
	applySettingsPatch,
	cairnSettingsPatchSchema,
	cairnSettingsSchema,
	defaultSettings,
	safeParse,
	type CairnSettings,
	type CairnSettingsPatch,
	type ProviderName,
} from "@cairn/types"
import type { Host } from "../host/Host.js"
import { editorOwnedSettings, effectiveEditorValue, type EditorOwnedSetting } from "./editorSettingsTrust.js"

const settingsKey = "settings"
const apiKeyName = (provider: ProviderName) => `apiKey.${provider}`
const isEditorOwned = (key: string): key is EditorOwnedSetting =>
	(editorOwnedSettings as readonly string[]).includes(key)

/**
 * Settings live in the host's key-value state, keys in its secret storage, and the few that
 * belong in the editor's settings file there (see EditorSettings). Settings that fail to
 * validate (an old or hand-edited file) fall back to defaults with a warning, never a crash.
 */
export class SettingsStore {
	private stored: CairnSettings = defaultSettings()
	private current: CairnSettings = this.stored
	/** Invalid editor values already warned about, so a bad value is reported once, not on every read. */
	private readonly reported = new Set<string>()

	constructor(private readonly host: Host) {}

	get settings(): CairnSettings {
		return this.current
	}

	async load(): Promise<CairnSettings> {
		const stored = await this.host.state.get(settingsKey)
		if (stored !== undefined) {
			const parsed = safeParse(cairnSettingsSchema, stored)
			if (parsed.success) this.stored = parsed.data
			else this.host.logger.warn("Stored settings are invalid; using defaults", { error: parsed.error })
		}
		return this.reloadEditorSettings()
	}

	/** Takes in the editor's settings again (after the person changed them there). */
	reloadEditorSettings(): CairnSettings {
		this.current = applySettingsPatch(this.stored, this.editorValues())
		return this.current
	}

	async update(patch: CairnSettingsPatch): Promise<CairnSettings> {
		const editor = this.host.editorSettings
		const toEditor = Object.fromEntries(
			Object.entries(patch).filter(([key, value]) => editor && isEditorOwned(key) && value !== undefined),
		)
		const toState = Object.fromEntries(Object.entries(patch).filter(([key]) => !(key in toEditor)))
		this.stored = applySettingsPatch(this.stored, toState)
		await this.host.state.set(settingsKey, this.stored)
		if (editor && Object.keys(toEditor).length > 0) await editor.write(toEditor)
		return this.reloadEditorSettings()
	}

	/** The editor's values that are valid; each invalid one is reported and left out. */
	private editorValues(): CairnSettingsPatch {
		const { user, workspace } = this.host.editorSettings?.read() ?? { user: {}, workspace: {} }
		const valid: Record<string, unknown> = {}
		for (const key of editorOwnedSettings) {
			const { value, ignored } = effectiveEditorValue(key, user[key], workspace[key])
			if (ignored) this.warnOnce(`workspace:${key}=${JSON.stringify(workspace[key])}`, () =>
				this.host.logger.warn(
					`The workspace setting "cairn.${key}" is ignored: only your user settings can allow more to run unasked`,
					{ value: workspace[key] },
				),
			)
			if (value === undefined) continue
			const parsed = cairnSettingsPatchSchema.shape[key].safeParse(value)
			if (parsed.success) {
				valid[key] = parsed.data
				continue
			}
			this.warnOnce(`${key}=${JSON.stringify(value)}`, () =>
				this.host.logger.warn(`The editor setting "${key}" is invalid and is ignored`, {
					value,
					error: parsed.error.issues.map((issue) => issue.message).join("; "),
				}),
			)
		}
		return valid as CairnSettingsPatch
	}

	private warnOnce(report: string, warn: () => void) {
		if (this.reported.has(report)) return
		this.reported.add(report)
		warn()
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
