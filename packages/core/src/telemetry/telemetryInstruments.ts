import type { Counter, Histogram, Meter } from "@opentelemetry/api"

/**
 * The metrics a person reads off their dashboards: what tasks spent (tokens by kind, dollars),
 * how long the model took, how long tasks waited for the person, and which tools failed.
 */
export class TelemetryInstruments {
	readonly tokens: Counter
	readonly cost: Counter
	readonly requestDuration: Histogram
	readonly personWait: Histogram
	readonly toolCalls: Counter
	readonly toolFailures: Counter

	constructor(meter: Meter) {
		this.tokens = meter.createCounter("cairn.tokens", {
			description:
				"Tokens billed by the model provider, by kind (input, output, cache read, cache write)",
			unit: "{token}",
		})
		this.cost = meter.createCounter("cairn.cost", {
			description: "What the model requests cost, at the model's prices",
			unit: "USD",
		})
		this.requestDuration = meter.createHistogram("cairn.request.duration", {
			description: "From a model request's start to its answer's end, retries included",
			unit: "s",
		})
		this.personWait = meter.createHistogram("cairn.person.wait", {
			description: "How long a task waited for the person to approve or answer",
			unit: "s",
		})
		this.toolCalls = meter.createCounter("cairn.tool.calls", {
			description: "Tool calls the model made",
			unit: "{call}",
		})
		this.toolFailures = meter.createCounter("cairn.tool.failures", {
			description: "Tool calls that failed",
			unit: "{call}",
		})
	}
}
