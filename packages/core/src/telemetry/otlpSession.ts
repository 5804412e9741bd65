import type { Tracer } from "@opentelemetry/api"
import { OTLPMetricExporter } from "@opentelemetry/exporter-metrics-otlp-http"
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http"
import { resourceFromAttributes } from "@opentelemetry/resources"
import { MeterProvider, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics"
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace"
import type { Logger } from "../host/Host.js"
import type { ExportConfig } from "./exportConfig.js"
import { ExportHealth } from "./exportHealth.js"
import { Redaction } from "./redaction.js"
import { TaskSpans, type OpenTasks, type TaskAbout } from "./taskSpans.js"
import { TelemetryInstruments } from "./telemetryInstruments.js"
import type { TaskTelemetry } from "./taskTelemetry.js"

/** How long one export may take before it is given up: a dead collector never holds a task or the CLI. */
export const exportTimeoutMs = 3_000
/** Metrics go out at least this often while tasks run; a task's end sends them at once. */
const metricsIntervalMs = 60_000

/**
 * The OpenTelemetry SDK, set up for one endpoint: spans batched, metrics read periodically,
 * both exported as OTLP/HTTP JSON. Nothing is registered globally, so the editor's other
 * extensions and Cairn's own SDK clients see no tracer of Cairn's.
 */
export class OtlpSession {
	private readonly tracerProvider: TracerProvider
	private readonly meterProvider: MeterProvider
	private readonly instruments: TelemetryInstruments
	private readonly tracer: Tracer
	private readonly openTasks: OpenTasks = new Map()

	constructor(
		private readonly config: ExportConfig,
		version: string,
		logger: Logger,
	) {
		const health = new ExportHealth(logger, collectorOrigin(config.tracesUrl))
		const resource = resourceFromAttributes({ "service.name": "cairn", "service.version": version })
		const headers = config.headers
		this.tracerProvider = new TracerProvider({
			resource,
			spanProcessors: [
				new BatchSpanProcessor({
					exporter: health.watch(
						new OTLPTraceExporter({
							url: config.tracesUrl,
							headers,
							timeoutMillis: exportTimeoutMs,
						}),
					),
					exportTimeoutMillis: exportTimeoutMs,
				}),
			],
		})
		this.meterProvider = new MeterProvider({
			resource,
			readers: [
				new PeriodicExportingMetricReader({
					exporter: health.watch(
						new OTLPMetricExporter({
							url: config.metricsUrl,
							headers,
							timeoutMillis: exportTimeoutMs,
						}),
					),
					exportIntervalMillis: metricsIntervalMs,
					exportTimeoutMillis: exportTimeoutMs,
				}),
			],
		})
		this.instruments = new TelemetryInstruments(this.meterProvider.getMeter("cairn", version))
		this.tracer = this.tracerProvider.getTracer("cairn", version)
	}

	forTask(about: TaskAbout, secrets: readonly (string | undefined)[]): TaskTelemetry {
		return new TaskSpans({
			tracer: this.tracer,
			instruments: this.instruments,
			about,
			exportContent: this.config.exportContent,
			// The collector's own token may reach a prompt too.
			redaction: new Redaction([...secrets, ...Object.values(this.config.headers)]),
			flush: () => void this.flush(),
			open: this.openTasks,
		})
	}

	/** Sends what is buffered now; settles within the export timeout, whatever the collector does. */
	async flush(): Promise<void> {
		await Promise.allSettled([this.tracerProvider.forceFlush(), this.meterProvider.forceFlush()])
	}

	async shutdown(): Promise<void> {
		// Spans are exported when they end: a run still open would be lost.
		for (const task of [...this.openTasks.values()]) task.closeRun()
		await Promise.allSettled([this.tracerProvider.shutdown(), this.meterProvider.shutdown()])
	}
}

/** The collector's scheme, host and port for the log: a URL's user and password stay out of it. */
function collectorOrigin(url: string): string {
	try {
		return new URL(url).origin
	} catch {
		return "(an endpoint that is not a URL)"
	}
}
