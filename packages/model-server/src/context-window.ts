import type { ContextVerdict, OverflowStyle, ProviderProtocol } from "./protocol.js"
import { isRecord } from "./protocol.js"
import type { RecordedRequest } from "./recording.js"
import { countRequestTokens } from "./tokens.js"

/** The window a server plays, and whose refusals it answers with (OpenAI-compatible servers). */
export interface WindowSettings {
	contextWindow: number | undefined
	overflowStyle: OverflowStyle
}

/**
 * Measures a validated chat request against the server's context window and notes the count and
 * the outcome on the recorded request. Without a window nothing is counted.
 */
export async function measureRequest(
	protocol: ProviderProtocol,
	request: RecordedRequest,
	settings: WindowSettings,
	sequence: number,
): Promise<ContextVerdict> {
	const window = settings.contextWindow
	if (window === undefined || !isRecord(request.body)) return { kind: "fits" }
	const tokens = await countRequestTokens(protocol.provider, request.body)
	request.inputTokens = tokens.total
	const verdict = protocol.contextVerdict({
		window,
		tokens,
		body: request.body,
		path: request.path,
		style: settings.overflowStyle,
		sequence,
	})
	if (verdict.kind === "refuse") request.contextOverflow = "refused"
	if (verdict.kind === "truncate") request.contextOverflow = "truncated"
	return verdict
}
