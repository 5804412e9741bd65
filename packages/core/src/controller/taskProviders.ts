import type { Logger } from "../host/Host.js"
import { settingsWithDiscovery } from "../providers/discoveredSettings.js"
import type { ModelProvider } from "../providers/modelProvider.js"
import { SwitchableProvider } from "../providers/switchableProvider.js"
import type { ControllerOptions } from "./Controller.js"
import type { SettingsStore } from "./settingsStore.js"

/**
 * The models tasks talk to: each task's is built from the current profile when it is made, and
 * switched to the current profile again when the person changes it (from its next request).
 */
export class TaskProviders {
	private readonly byTask = new WeakMap<object, SwitchableProvider>()

	constructor(
		private readonly settings: SettingsStore,
		private readonly build: ControllerOptions["buildProvider"],
		private readonly logger: Logger,
	) {}

	/** A provider for a new task; `attach` it to the task once the task exists. */
	async create(): Promise<SwitchableProvider> {
		return new SwitchableProvider(await this.current())
	}

	attach(task: object, provider: SwitchableProvider): void {
		this.byTask.set(task, provider)
	}

	/**
	 * `task` talks to the current profile's model from its next request on. Throws (and the task
	 * keeps its model) when that model cannot be used, e.g. without a key.
	 */
	async switch(task: object): Promise<void> {
		const provider = this.byTask.get(task)
		if (provider === undefined) return
		provider.use(await this.current())
		this.logger.debug("The task's model was switched", { model: provider.model.id })
	}

	/** The current profile's model, as the person configured it and its server describes it. */
	private async current(): Promise<ModelProvider> {
		const provider = this.settings.settings.provider
		if (provider === undefined)
			throw new Error("No model provider is configured. Choose one in Settings first.")
		const apiKey = await this.settings.currentApiKey()
		// The server may know the model's window better than Cairn's catalog (a local model, a gateway).
		const settings = await settingsWithDiscovery(provider, {
			...(apiKey !== undefined && { apiKey }),
			debug: (message, details) => this.logger.debug(message, details),
		})
		return this.build(settings, apiKey)
	}
}
