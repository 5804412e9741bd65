import type { ProviderProfile } from "@cairn/types"
import type { Logger } from "../host/Host.js"
import { settingsWithDiscovery } from "../providers/discoveredSettings.js"
import type { ModelProvider } from "../providers/modelProvider.js"
import { SwitchableProvider } from "../providers/switchableProvider.js"
import type { ControllerOptions } from "./controllerOptions.js"
import type { SettingsStore } from "./settingsStore.js"

/**
 * The models tasks talk to: each task's is built from the current profile when it is made, and
 * switched to another profile when the person (or a mode) picks one, from its next request.
 */
export class TaskProviders {
	private readonly byTask = new WeakMap<object, SwitchableProvider>()
	/** The profile each task talks to now, for its card. */
	private readonly profiles = new WeakMap<object, ProviderProfile>()
	private readonly made = new WeakMap<SwitchableProvider, ProviderProfile>()

	constructor(
		private readonly settings: SettingsStore,
		private readonly build: ControllerOptions["buildProvider"],
		private readonly logger: Logger,
	) {}

	/** A provider for a new task, `profile`'s (the current one's by default); `attach` it to the task once the task exists. */
	async create(chosen?: ProviderProfile): Promise<SwitchableProvider> {
		await this.settings.settled()
		const profile = chosen ?? this.settings.currentProfile
		if (profile === undefined) throw new Error(this.settings.personText()("models.noProviderConfigured"))
		const apiKey = await this.settings.profileApiKey(profile)
		// The server's details of the model (its window) need a round trip: the task gets ready
		// meanwhile, and its first request waits for them (SwitchableProvider.settled).
		const plain = this.build(profile.provider, apiKey)
		const provider = new SwitchableProvider(plain)
		provider.switchTo(this.discovered(profile, apiKey, plain))
		this.made.set(provider, profile)
		return provider
	}

	attach(task: object, provider: SwitchableProvider): void {
		this.byTask.set(task, provider)
		const profile = this.made.get(provider)
		if (profile !== undefined) this.profiles.set(task, profile)
	}

	/** The profile the task talks to now. */
	profileOf(task: object): ProviderProfile | undefined {
		return this.profiles.get(task)
	}

	/**
	 * `task` talks to `profile`'s model (the current profile's by default) from its next request
	 * on; a request that starts meanwhile waits for it. The switch is in place when this returns,
	 * before anything is awaited. Rejects (and the task keeps its model) when that model cannot be
	 * used, e.g. without a key.
	 */
	switch(task: object, profile = this.settings.currentProfile): Promise<void> {
		const provider = this.byTask.get(task)
		if (provider === undefined || profile === undefined) return Promise.resolve()
		const next = this.modelOf(profile)
		provider.switchTo(next)
		this.profiles.set(task, profile)
		return next.then((model) => {
			this.logger.debug("The task's model was switched", {
				profile: profile.name,
				model: model.model.id,
			})
		})
	}

	/** A profile's model, as the person configured it and its server describes it. */
	private async modelOf(profile: ProviderProfile): Promise<ModelProvider> {
		return this.discovered(profile, await this.settings.profileApiKey(profile))
	}

	/**
	 * The model built from `profile` with what its server says about it; `plain`, when given, is
	 * the same model built without asking, kept when the server adds nothing.
	 */
	private async discovered(
		profile: ProviderProfile,
		apiKey: string | undefined,
		plain?: ModelProvider,
	): Promise<ModelProvider> {
		// The server may know the model's window better than Cairn's catalog (a local model, a gateway).
		const settings = await settingsWithDiscovery(profile.provider, {
			...(apiKey !== undefined && { apiKey }),
			debug: (message, details) => this.logger.debug(message, details),
		})
		return plain !== undefined && settings === profile.provider ? plain : this.build(settings, apiKey)
	}
}
