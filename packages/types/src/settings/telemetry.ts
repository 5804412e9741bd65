import { z } from "zod"

/**
 * OpenTelemetry export: off by default, and nothing leaves the machine until the person names
 * an endpoint and turns it on. Spans and metrics say what a task did and cost (tools by name,
 * tokens, latency); the words of prompts, files and command output go only with `exportContent`.
 * Keys are never sent, content or not.
 */
export const telemetrySettingsSchema = z.object({
	enabled: z.boolean().default(false),
	/** The OTLP/HTTP collector's base URL (traces go to `/v1/traces`, metrics to `/v1/metrics`); empty: none. */
	endpoint: z
		.union([z.literal(""), z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })])
		.default(""),
	/** Sent with every export, e.g. an `Authorization` header the collector asks for. */
	headers: z.record(z.string().min(1), z.string()).default({}),
	/** Also export prompts, file contents, command output and the model's answers. */
	exportContent: z.boolean().default(false),
})
export type TelemetrySettings = z.infer<typeof telemetrySettingsSchema>
