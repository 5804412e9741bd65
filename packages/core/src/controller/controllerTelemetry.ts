import { TelemetryExport } from "../telemetry/telemetryExport.js"
import type { ControllerOptions } from "./controllerOptions.js"
import type { SettingsStore } from "./settingsStore.js"

/**
 * The Controller's OpenTelemetry export: the settings' (or the run's own endpoint), with every key
 * the person saved or this process was given listed for redaction, read when a task is made.
 */
export function controllerTelemetry(
	settingsStore: SettingsStore,
	options: ControllerOptions,
): TelemetryExport {
	return new TelemetryExport({
		settings: () => settingsStore.settings.telemetry,
		...(options.telemetry && { run: options.telemetry }),
		secrets: async () => {
			const saved = await Promise.all(
				settingsStore.profiles.map((profile) => settingsStore.profileApiKey(profile)),
			)
			const condensing = settingsStore.settings.condensingProvider?.provider
			return [
				...(options.knownSecrets ?? []),
				...saved,
				await settingsStore.currentApiKey(),
				...(condensing ? [await settingsStore.apiKey(condensing)] : []),
			]
		},
		version: options.version,
		logger: options.host.logger,
	})
}
