import { createServer, type IncomingMessage } from "node:http"
import type { AddressInfo } from "node:net"
import { gunzipSync } from "node:zlib"

/** An OTLP attribute value as the JSON encoding writes it (64-bit integers may come as strings). */
interface AnyValue {
	stringValue?: string
	boolValue?: boolean
	intValue?: number | string
	doubleValue?: number
}
interface KeyValue {
	key: string
	value: AnyValue
}

export type AttributeValue = string | number | boolean | undefined

export interface ReceivedSpan {
	traceId: string
	spanId: string
	parentSpanId: string | undefined
	name: string
	attributes: Record<string, AttributeValue>
	events: { name: string; attributes: Record<string, AttributeValue> }[]
	status: { code?: number; message?: string } | undefined
}

export interface ReceivedPoint {
	metric: string
	attributes: Record<string, AttributeValue>
	/** A sum's value, or a histogram's sum. */
	value: number
	/** A histogram's count of recordings. */
	count?: number
}

function valueOf(value: AnyValue): AttributeValue {
	if (value.stringValue !== undefined) return value.stringValue
	if (value.boolValue !== undefined) return value.boolValue
	if (value.intValue !== undefined) return Number(value.intValue)
	return value.doubleValue
}

function attributesOf(list: KeyValue[] | undefined): Record<string, AttributeValue> {
	return Object.fromEntries((list ?? []).map(({ key, value }) => [key, valueOf(value)]))
}

async function bodyOf(request: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = []
	for await (const chunk of request) chunks.push(chunk as Buffer)
	const raw = Buffer.concat(chunks)
	return (request.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8")
}

/**
 * A collector on 127.0.0.1 that accepts OTLP/HTTP JSON the way a real one does (`/v1/traces`,
 * `/v1/metrics`) and keeps everything: the raw bodies (to search for what must never be sent),
 * the spans, and the metrics' latest data points (the SDK exports cumulative values).
 */
export class OtlpReceiver {
	readonly bodies: string[] = []
	readonly headers: IncomingMessage["headers"][] = []
	readonly spans: ReceivedSpan[] = []
	private readonly points = new Map<string, ReceivedPoint>()
	private waiters: (() => void)[] = []
	/** While set, every export is answered with this status and kept nowhere. */
	private refusal: number | undefined

	private constructor(
		private readonly server: ReturnType<typeof createServer>,
		readonly url: string,
	) {}

	static async start(): Promise<OtlpReceiver> {
		const server = createServer()
		await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
		const { port } = server.address() as AddressInfo
		const receiver = new OtlpReceiver(server, `http://127.0.0.1:${port}`)
		server.on("request", (request, response) => {
			void bodyOf(request).then((body) => {
				if (receiver.refusal !== undefined) {
					response.writeHead(receiver.refusal, { "content-type": "application/json" }).end("{}")
					return
				}
				receiver.received(request, body)
				response.writeHead(200, { "content-type": "application/json" }).end("{}")
			})
		})
		return receiver
	}

	/** Answers every export with `status` (a collector that refuses), or accepts them again (undefined). */
	refuse(status: number | undefined): void {
		this.refusal = status
	}

	/** Every data point of `metric` (one per attribute set). */
	metric(metric: string): ReceivedPoint[] {
		return [...this.points.values()].filter((point) => point.metric === metric)
	}

	/** Resolves once what was received satisfies `check` (checked again on each export). */
	async waitFor(check: (receiver: OtlpReceiver) => boolean): Promise<void> {
		while (!check(this)) await new Promise<void>((resolve) => this.waiters.push(resolve))
	}

	async close(): Promise<void> {
		this.server.closeAllConnections()
		await new Promise<void>((resolve) => this.server.close(() => resolve()))
	}

	private received(request: IncomingMessage, body: string): void {
		this.bodies.push(body)
		this.headers.push(request.headers)
		const payload = JSON.parse(body) as Record<string, unknown>
		if (request.url === "/v1/traces") this.readSpans(payload)
		if (request.url === "/v1/metrics") this.readMetrics(payload)
		for (const wake of this.waiters.splice(0)) wake()
	}

	private readSpans(payload: Record<string, unknown>): void {
		type Spans = { scopeSpans: { spans: Record<string, unknown>[] }[] }[]
		for (const resource of (payload.resourceSpans ?? []) as Spans)
			for (const scope of resource.scopeSpans)
				for (const span of scope.spans) {
					const events = (span.events ?? []) as { name: string; attributes?: KeyValue[] }[]
					this.spans.push({
						traceId: span.traceId as string,
						spanId: span.spanId as string,
						parentSpanId: (span.parentSpanId as string | undefined) || undefined,
						name: span.name as string,
						attributes: attributesOf(span.attributes as KeyValue[]),
						events: events.map((event) => ({
							name: event.name,
							attributes: attributesOf(event.attributes),
						})),
						status: span.status as ReceivedSpan["status"],
					})
				}
	}

	private readMetrics(payload: Record<string, unknown>): void {
		type Point = {
			attributes?: KeyValue[]
			asDouble?: number
			asInt?: number | string
			sum?: number
			count?: number | string
		}
		type Metric = { name: string; sum?: { dataPoints: Point[] }; histogram?: { dataPoints: Point[] } }
		type Metrics = { scopeMetrics: { metrics: Metric[] }[] }[]
		for (const resource of (payload.resourceMetrics ?? []) as Metrics)
			for (const scope of resource.scopeMetrics)
				for (const metric of scope.metrics) {
					for (const point of metric.sum?.dataPoints ?? [])
						this.keep({
							metric: metric.name,
							attributes: attributesOf(point.attributes),
							value: Number(point.asDouble ?? point.asInt ?? 0),
						})
					for (const point of metric.histogram?.dataPoints ?? [])
						this.keep({
							metric: metric.name,
							attributes: attributesOf(point.attributes),
							value: point.sum ?? 0,
							count: Number(point.count ?? 0),
						})
				}
	}

	private keep(point: ReceivedPoint): void {
		this.points.set(`${point.metric} ${JSON.stringify(point.attributes)}`, point)
	}
}
