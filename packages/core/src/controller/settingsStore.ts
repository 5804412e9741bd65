import { randomUUID } from "node:crypto"
import {
	applySettingsPatch,
	cairnSettingsPatchSchema,
	cairnSettingsSchema,
	defaultSettings,
	safeParse,
	type CairnSettings,
	type CairnSettingsPatch,
	type ProviderName,
	type ProviderProfile,
	needsApiKey,
	providerNames,
	trustSettingsIn,
	trustSettingsRefusal,
	withConsistentProfiles,
} from "@cairn/types"
import type { Host } from "../host/Host.js"
import type { HostText } from "../i18n/hostText.js"
import { personText } from "../i18n/personLanguage.js"
import { migrateLanguageSetting } from "./languageSettingMigration.js"
import { editorOwnedSettings, effectiveEditorValue, type EditorOwnedSetting } from "./editorSettingsTrust.js"

const settingsKey = "settings"
/** Where keys were before profiles, one per provider; the condensing model's key is still read from there. */
const providerKeyName = (provider: ProviderName) => `apiKey.${provider}`
/** A profile's key, per provider too: a profile switched to another provider never sends it the old one's key. */
const profileKeyName = (profileId: string, provider: ProviderName) =>
	`apiKey.profile.${profileId}.${provider}`
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
	/**
	 * The tail of the changes asked for so far. Clients send a setting and its key as two messages
	 * that the host handles concurrently (the welcome form sends the provider, then its key); each
	 * change waits for the ones before it, and each key read for the changes asked before it, so
	 * the key lands on the profile the setting made.
	 */
	private pending: Promise<unknown> = Promise.resolve()

	constructor(private readonly host: Host) {}

	get settings(): CairnSettings {
		return this.current
	}

	/** What the core tells the person, in the language these settings say now. */
	personText(): HostText {
		return personText(this.host, this.current)
	}

	/**
	 * The settings once every change asked for so far is applied: what a task started now must
	 * use (the view shows the chat box as soon as it sends a provider, so a task can come first).
	 */
	async settled(): Promise<CairnSettings> {
		return this.inOrder(async () => this.current)
	}

	/** Runs `work` after every change asked for before it; a failed one does not stop the next. */
	private inOrder<T>(work: () => Promise<T>): Promise<T> {
		const done = this.pending.then(work)
		this.pending = done.catch(() => undefined)
		return done
	}

	async load(): Promise<CairnSettings> {
		return this.inOrder(() => this.loadStored())
	}

	private async loadStored(): Promise<CairnSettings> {
		const stored = await this.host.state.get(settingsKey)
		if (stored !== undefined) {
			const parsed = safeParse(cairnSettingsSchema, stored)
			if (parsed.success) {
				// Settings of before profiles become profiles (with their keys) once, on the first read;
				// an old default language becomes "auto" once too.
				const before = JSON.stringify(parsed.data)
				this.stored = await migrateLanguageSetting(this.host.state, parsed.data)
				await this.keepConsistent()
				if (JSON.stringify(this.stored) !== before)
					await this.host.state.set(settingsKey, this.stored)
			} else
				this.host.logger.warn("Stored settings are invalid; using defaults", { error: parsed.error })
		}
		return this.reloadEditorSettings()
	}

	/** Applies the profile rules (withConsistentProfiles); a profile made from a plain provider gets that provider's key. */
	private async keepConsistent(): Promise<void> {
		const { settings, changes } = withConsistentProfiles(this.stored, randomUUID)
		this.stored = settings
		for (const profile of changes.created) {
			const key = await this.host.secrets.get(providerKeyName(profile.provider.provider))
			if (key !== undefined)
				await this.host.secrets.set(profileKeyName(profile.id, profile.provider.provider), key)
		}
	}

	/** The saved profiles, in the person's order. */
	get profiles(): readonly ProviderProfile[] {
		return this.current.profiles
	}

	get currentProfile(): ProviderProfile | undefined {
		return this.current.profiles.find((profile) => profile.id === this.current.currentProfileId)
	}

	/**
	 * Replaces the profiles and which one is current (the provider in effect follows it). The list is
	 * validated here, so no caller can save duplicate names or too many profiles.
	 */
	async setProfiles(
		profiles: ProviderProfile[],
		currentProfileId: string | undefined,
	): Promise<CairnSettings> {
		return this.inOrder(() => this.saveProfiles(profiles, currentProfileId))
	}

	private async saveProfiles(
		profiles: ProviderProfile[],
		currentProfileId: string | undefined,
	): Promise<CairnSettings> {
		const parsed = safeParse(cairnSettingsSchema.shape.profiles, profiles)
		if (!parsed.success)
			throw new Error(this.personText()("profiles.cannotSave", { problem: parsed.error }))
		const { provider: _derivedFromTheOldCurrent, currentProfileId: _old, ...rest } = this.stored
		this.stored = {
			...rest,
			profiles: parsed.data,
			...(currentProfileId !== undefined && { currentProfileId }),
		}
		await this.keepConsistent()
		await this.host.state.set(settingsKey, this.stored)
		return this.reloadEditorSettings()
	}

	/** Takes in the editor's settings again (after the person changed them there). */
	reloadEditorSettings(): CairnSettings {
		this.current = applySettingsPatch(this.stored, this.editorValues())
		return this.current
	}

	async update(patch: CairnSettingsPatch): Promise<CairnSettings> {
		return this.inOrder(() => this.applyPatch(patch))
	}

	/**
	 * Applies a patch of everyday settings; one naming a trust setting is refused whole. Checked
	 * against the settings in effect when it is applied (after the changes asked before it), so a
	 * model change judged "same endpoint" cannot land on an endpoint changed meanwhile.
	 */
	async updateEveryday(patch: CairnSettingsPatch): Promise<CairnSettings> {
		return this.inOrder(() => {
			const trust = trustSettingsIn(patch, this.current)
			if (trust.length > 0) throw new Error(trustSettingsRefusal(trust))
			return this.applyPatch(patch)
		})
	}

	private async applyPatch(patch: CairnSettingsPatch): Promise<CairnSettings> {
		const editor = this.host.editorSettings
		const toEditor = Object.fromEntries(
			Object.entries(patch).filter(
				([key, value]) => editor && isEditorOwned(key) && value !== undefined,
			),
		)
		const toState = Object.fromEntries(Object.entries(patch).filter(([key]) => !(key in toEditor)))
		this.stored = applySettingsPatch(this.stored, toState)
		await this.keepConsistent()
		await this.host.state.set(settingsKey, this.stored)
		if (editor && Object.keys(toEditor).length > 0) await editor.write(toEditor)
		return this.reloadEditorSettings()
	}

	/**
	 * Adds rules to the allowed commands where the Settings view writes them (the person's user
	 * settings in the editor), after every change asked for before; rules already there stay once.
	 */
	async addAllowedCommands(rules: readonly string[]): Promise<CairnSettings> {
		return this.inOrder(() =>
			this.applyPatch({ allowedCommands: [...new Set([...this.current.allowedCommands, ...rules])] }),
		)
	}

	/** The editor's values that are valid; each invalid one is reported and left out. */
	private editorValues(): CairnSettingsPatch {
		const { user, workspace } = this.host.editorSettings?.read() ?? { user: {}, workspace: {} }
		const valid: Record<string, unknown> = {}
		for (const key of editorOwnedSettings) {
			const { value, ignored } = effectiveEditorValue(key, user[key], workspace[key])
			if (ignored)
				this.warnOnce(`workspace:${key}=${JSON.stringify(workspace[key])}`, () =>
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

	/** The key of a profile for its provider (or for `provider`). */
	async profileApiKey(
		profile: ProviderProfile,
		provider = profile.provider.provider,
	): Promise<string | undefined> {
		return this.inOrder(() => this.host.secrets.get(profileKeyName(profile.id, provider)))
	}

	/** The current profile's key: the one its requests are sent with. */
	async currentApiKey(): Promise<string | undefined> {
		return this.inOrder(async () => {
			const profile = this.currentProfile
			return profile === undefined
				? undefined
				: this.host.secrets.get(profileKeyName(profile.id, profile.provider.provider))
		})
	}

	/**
	 * A key for `provider` outside profiles (the condensing model): the one saved for the provider
	 * before profiles, else the current profile's for that provider.
	 */
	async apiKey(provider: ProviderName): Promise<string | undefined> {
		return this.inOrder(async () => {
			const own = await this.host.secrets.get(providerKeyName(provider))
			if (own !== undefined) return own
			const profile = this.currentProfile
			return profile === undefined
				? undefined
				: this.host.secrets.get(profileKeyName(profile.id, provider))
		})
	}

	/**
	 * Saves (or, with `undefined`, deletes) the key of a profile, the current one by default, for
	 * `provider`. Before any profile exists it is kept for the provider, and the first profile of
	 * that provider takes it.
	 */
	async setApiKey(provider: ProviderName, key: string | undefined, profileId?: string): Promise<void> {
		return this.inOrder(() => this.saveApiKey(provider, key, profileId))
	}

	private async saveApiKey(
		provider: ProviderName,
		key: string | undefined,
		profileId?: string,
	): Promise<void> {
		const id = profileId ?? this.current.currentProfileId
		if (id !== undefined && !this.current.profiles.some((profile) => profile.id === id))
			throw new Error(this.personText()("profiles.noSuchProfile", { profileId: id }))
		const name = id === undefined ? providerKeyName(provider) : profileKeyName(id, provider)
		if (key === undefined) await this.host.secrets.delete(name)
		else await this.host.secrets.set(name, key)
	}

	/** Copies a profile's keys to another (a profile made from the current one). */
	async copyApiKeys(from: string, to: string): Promise<void> {
		return this.inOrder(async () => {
			for (const provider of providerNames) {
				const key = await this.host.secrets.get(profileKeyName(from, provider))
				if (key !== undefined) await this.host.secrets.set(profileKeyName(to, provider), key)
			}
		})
	}

	/** Forgets a deleted profile's keys, for every provider. */
	async deleteApiKeys(profileId: string): Promise<void> {
		return this.inOrder(async () => {
			for (const provider of providerNames)
				await this.host.secrets.delete(profileKeyName(profileId, provider))
		})
	}

	/** Whether the configured provider can be used: a key is stored, or none is needed. */
	async hasApiKey(): Promise<boolean> {
		const provider = this.current.provider
		if (provider === undefined) return false
		if (!needsApiKey(provider)) return true
		return (await this.currentApiKey()) !== undefined
	}
}
