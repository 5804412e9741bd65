import type { PlannedReply } from "./reply.js"
import type { Provider } from "./scenario.js"

/** An error to answer with, before it is put in a provider's shape. */
export interface ErrorSpec {
	status: number
	message: string
	type?: string
	code?: string | null
	param?: string | null
}

/** Everything that differs between the three wire formats; server.ts only talks to this. */
export interface ProviderProtocol {
	readonly provider: Provider
	readonly streamContentType: string
	/** Headers on every response of this provider (request ids), given a per-server sequence. */
	responseHeaders(sequence: number): Record<string, string>
	errorBody(spec: ErrorSpec, sequence: number): unknown
	notFound(method: string, path: string): ErrorSpec
	/** Why a chat request cannot be answered, or undefined. `jsonError` is set when the body did not parse. */
	validateChat(body: unknown, jsonError: string | undefined): ErrorSpec | undefined
	wantsStream(body: unknown): boolean
	/** The wire chunks of a streamed answer, each a complete SSE event or NDJSON line. */
	streamChunks(reply: PlannedReply, body: unknown): string[]
	malformedChunk(reply: PlannedReply): string
	streamErrorChunk(type: string | undefined, message: string | undefined): string
	completion(reply: PlannedReply): unknown
	modelList(models: readonly string[]): unknown
}

export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value)
}
