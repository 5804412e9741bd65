import type { TelemetrySettings } from "@cairn/types"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { updateTrustSetting } from "../../../state/settingsActions"
import { useWebviewStore } from "../../../state/store"
import { CheckboxField } from "../CheckboxField"
import { TextField } from "../TextField"

// An example URL, the same in every language.
const collectorExample = "http://localhost:4318"

/** Headers as OTEL_EXPORTER_OTLP_HEADERS writes them: `name=value` pairs separated by commas. */
export function headersText(headers: Record<string, string>): string {
	return Object.entries(headers)
		.map(([name, value]) => `${name}=${value}`)
		.join(", ")
}

/** The pairs of `text`, or undefined when one is not `name=value`. */
export function parseHeaders(text: string): Record<string, string> | undefined {
	const pairs = text
		.split(",")
		.map((pair) => pair.trim())
		.filter((pair) => pair !== "")
	const parsed = pairs.map((pair) => {
		const at = pair.indexOf("=")
		return at > 0 ? [pair.slice(0, at).trim(), pair.slice(at + 1).trim()] : undefined
	})
	if (parsed.some((pair) => pair === undefined || pair[0] === "")) return undefined
	return Object.fromEntries(parsed as [string, string][])
}

function isHttpUrl(value: string): boolean {
	return URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol)
}

/**
 * OpenTelemetry export: where a record of each task goes, and whether its words go too. A trust
 * setting (it decides where the person's data is sent), so only this view changes it.
 */
export function TelemetrySection() {
	const { t } = useTranslation("settings")
	const telemetry = useWebviewStore((s) => s.settings.telemetry)
	const titleId = useId()
	const update = (patch: Partial<TelemetrySettings>) => updateTrustSetting({ telemetry: patch })
	return (
		<section className="settings-section" aria-labelledby={titleId}>
			<h2 id={titleId}>{t("telemetry.title")}</h2>
			<CheckboxField
				label={t("telemetry.enable")}
				description={t("telemetry.enableDescription")}
				checked={telemetry.enabled}
				onChange={(enabled) => update({ enabled })}
			/>
			<div className={["nested-fields", !telemetry.enabled && "inactive"].filter(Boolean).join(" ")}>
				<TextField
					label={t("telemetry.endpoint")}
					description={t("telemetry.endpointDescription")}
					value={telemetry.endpoint}
					placeholder={collectorExample}
					validate={(value) =>
						value === "" || isHttpUrl(value) ? undefined : t("telemetry.endpointFormat")
					}
					onCommit={(endpoint) => update({ endpoint })}
				/>
				<TextField
					label={t("telemetry.headers")}
					description={t("telemetry.headersDescription")}
					value={headersText(telemetry.headers)}
					validate={(value) => (parseHeaders(value) ? undefined : t("telemetry.headersFormat"))}
					onCommit={(text) => update({ headers: parseHeaders(text) ?? {} })}
				/>
				<CheckboxField
					label={t("telemetry.content")}
					description={t("telemetry.contentDescription")}
					checked={telemetry.exportContent}
					onChange={(exportContent) => update({ exportContent })}
				/>
			</div>
		</section>
	)
}
