import { ExportResultCode, type ExportResult } from "@opentelemetry/core"
import { describe, expect, it } from "vitest"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { ExportHealth } from "./exportHealth.js"

// The SDK's exporters are driven end to end in otelExport.test.ts; here an exporter whose outcomes
// are given in turn shows which of a run of outcomes reach the log.

const ok: ExportResult = { code: ExportResultCode.SUCCESS }
const failed: ExportResult = { code: ExportResultCode.FAILED, error: new Error("Bad Request") }

function exporterAnswering(outcomes: ExportResult[]) {
	return {
		export(_items: string[], done: (result: ExportResult) => void) {
			done(outcomes.shift() ?? ok)
		},
	}
}

describe("ExportHealth", () => {
	it("logs the first failure of a run of failures, then the recovery, and passes every outcome on", () => {
		const logger = recordingLogger()
		const health = new ExportHealth(logger, "http://127.0.0.1:4318")
		const exporter = health.watch(exporterAnswering([ok, failed, failed, ok, ok, failed]))
		const seen: ExportResultCode[] = []
		for (let i = 0; i < 6; i++) exporter.export(["span"], (result) => seen.push(result.code))
		expect(seen).toEqual([0, 1, 1, 0, 0, 1])
		expect(logger.entries.map((entry) => [entry.level, entry.message, entry.details])).toEqual([
			[
				"error",
				"OpenTelemetry export failed; what it carried is lost",
				{ endpoint: "http://127.0.0.1:4318", error: "Bad Request" },
			],
			["info", "OpenTelemetry export works again", { endpoint: "http://127.0.0.1:4318" }],
			[
				"error",
				"OpenTelemetry export failed; what it carried is lost",
				{ endpoint: "http://127.0.0.1:4318", error: "Bad Request" },
			],
		])
	})

	it("counts the span and metric exporters as one collector", () => {
		const logger = recordingLogger()
		const health = new ExportHealth(logger, "http://collector:4318")
		const spans = health.watch(exporterAnswering([failed]))
		const metrics = health.watch(exporterAnswering([failed]))
		spans.export([], () => undefined)
		metrics.export([], () => undefined)
		expect(logger.entries).toHaveLength(1)
	})
})
