import { telemetrySettingsSchema } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { exportConfig } from "./exportConfig.js"
import { Redaction } from "./redaction.js"

const settings = (fields: object) => telemetrySettingsSchema.parse(fields)

describe("what is exported where", () => {
	it("nothing by default, nor when an endpoint is set but the export is off", () => {
		expect(exportConfig(settings({}))).toBeUndefined()
		expect(exportConfig(settings({ endpoint: "http://127.0.0.1:4318" }))).toBeUndefined()
		expect(exportConfig(settings({ enabled: true }))).toBeUndefined()
	})

	it("traces and metrics under the collector's base URL, without content unless allowed", () => {
		expect(exportConfig(settings({ enabled: true, endpoint: "https://otel.example/otlp/" }))).toEqual({
			tracesUrl: "https://otel.example/otlp/v1/traces",
			metricsUrl: "https://otel.example/otlp/v1/metrics",
			headers: {},
			exportContent: false,
		})
	})

	it("a run's own endpoint applies whatever the settings say", () => {
		const run = { endpoint: "http://127.0.0.1:4318", exportContent: true }
		expect(exportConfig(settings({}), run)).toMatchObject({
			tracesUrl: "http://127.0.0.1:4318/v1/traces",
			exportContent: true,
		})
	})

	it("refuses a collector that is not http(s)", () => {
		expect(telemetrySettingsSchema.safeParse({ endpoint: "file:///tmp/spans" }).success).toBe(false)
	})
})

describe("redaction", () => {
	it("takes every key out, the longest first, and leaves short strings alone", () => {
		const redaction = new Redaction(["sk-abcdefgh", "sk-abcdefgh-longer", "short", undefined])
		expect(redaction.text("a sk-abcdefgh-longer and sk-abcdefgh, short")).toBe(
			"a [redacted] and [redacted], short",
		)
	})
})
