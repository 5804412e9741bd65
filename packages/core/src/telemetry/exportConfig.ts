import type { TelemetrySettings } from "@cairn/types"

/** A run's own export (the CLI's --otel-endpoint): it applies whatever the settings say. */
export interface TelemetryRun {
	endpoint: string
	exportContent: boolean
}

/** Where and what to export; undefined when nothing is to be sent. */
export interface ExportConfig {
	tracesUrl: string
	metricsUrl: string
	headers: Record<string, string>
	exportContent: boolean
}

/** The collector's base URL, as OTLP/HTTP names its two paths under it. */
function signalUrl(endpoint: string, signal: "traces" | "metrics"): string {
	return `${endpoint.replace(/\/+$/, "")}/v1/${signal}`
}

export function exportConfig(settings: TelemetrySettings, run?: TelemetryRun): ExportConfig | undefined {
	const endpoint = run?.endpoint ?? (settings.enabled ? settings.endpoint : "")
	if (endpoint === "") return undefined
	return {
		tracesUrl: signalUrl(endpoint, "traces"),
		metricsUrl: signalUrl(endpoint, "metrics"),
		headers: settings.headers,
		exportContent: run?.exportContent ?? settings.exportContent,
	}
}
