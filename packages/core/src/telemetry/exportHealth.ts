import { ExportResultCode, type ExportResult } from "@opentelemetry/core"
import type { Logger } from "../host/Host.js"

/** What the SDK's span and metric exporters share: an export whose outcome comes to a callback. */
interface Exporter<Items> {
	export(items: Items, done: (result: ExportResult) => void): void
}

/**
 * Says in the log when exports to the collector start failing, and when they work again. The SDK
 * tells only its diagnostics logger, which Cairn leaves unregistered (it is global, shared with the
 * editor's other extensions), so a wrong endpoint or a collector that refuses would lose every
 * span without a word. One line when the exports start failing and one when they recover, not
 * one per batch.
 */
export class ExportHealth {
	private failing = false

	constructor(
		private readonly logger: Logger,
		private readonly endpoint: string,
	) {}

	/** Follows every export `exporter` makes from now on; returns it. */
	watch<Items, E extends Exporter<Items>>(exporter: E): E {
		const send = exporter.export.bind(exporter)
		exporter.export = (items, done) =>
			send(items, (result) => {
				this.record(result)
				done(result)
			})
		return exporter
	}

	private record(result: ExportResult): void {
		if (result.code === ExportResultCode.SUCCESS) {
			if (!this.failing) return
			this.failing = false
			this.logger.info("OpenTelemetry export works again", { endpoint: this.endpoint })
			return
		}
		if (this.failing) return
		this.failing = true
		this.logger.error("OpenTelemetry export failed; what it carried is lost", {
			endpoint: this.endpoint,
			error: result.error?.message ?? "the collector refused it",
		})
	}
}
