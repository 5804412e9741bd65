import type { ServerResponse } from "node:http"
import { pause, sendJson, sendText, untilClosed, writeChunk } from "./http-io.js"
import type { OverflowStyle, ProviderProtocol, WireChunk } from "./protocol.js"
import type { PlannedReply } from "./reply.js"
import type { HttpErrorFault, TurnFaults } from "./scenario.js"

type Step = { write: WireChunk } | { end: true } | { destroy: true } | { stall: true }

/**
 * Interleave the faults with the regular chunks. K counts regular chunks only, and is capped at
 * their number, so "after 1000 chunks" still happens (just before the stream would end).
 */
export function planStream(
	chunks: readonly WireChunk[],
	faults: TurnFaults,
	extra: { malformed: WireChunk; streamError: WireChunk },
): Step[] {
	const at = (k: number | undefined): number | undefined =>
		k === undefined ? undefined : Math.min(Math.max(0, k), chunks.length)
	const disconnect = at(faults.disconnectAfterChunks)
	const stall = at(faults.stallAfterChunks)
	const malformed = at(faults.malformedChunkAfter)
	const streamError = at(faults.streamError?.afterChunks)
	const steps: Step[] = []
	for (let i = 0; i <= chunks.length; i++) {
		if (disconnect === i) return [...steps, { destroy: true }]
		if (stall === i) return [...steps, { stall: true }]
		if (malformed === i) steps.push({ write: extra.malformed })
		if (streamError === i) return [...steps, { write: extra.streamError }, { end: true }]
		const chunk = chunks[i]
		if (chunk !== undefined) steps.push({ write: chunk })
	}
	return [...steps, { end: true }]
}

export async function deliverStream(
	res: ServerResponse,
	protocol: ProviderProtocol,
	reply: PlannedReply,
	requestBody: unknown,
	faults: TurnFaults,
	headers: Record<string, string>,
	style: OverflowStyle,
): Promise<void> {
	const steps = planStream(protocol.streamChunks(reply, requestBody, style), faults, {
		malformed: protocol.malformedChunk(reply),
		streamError: protocol.streamErrorChunk(faults.streamError?.type, faults.streamError?.message),
	})
	res.writeHead(200, {
		"content-type": protocol.streamContentType,
		"cache-control": "no-cache",
		...headers,
	})
	// Send the head now: the SDKs resolve their request promise on it, before the first chunk.
	res.flushHeaders()
	for (const step of steps) {
		if ("destroy" in step) {
			res.socket?.destroy()
			return
		}
		if ("end" in step) {
			res.end()
			return
		}
		if ("stall" in step) {
			await untilClosed(res)
			return
		}
		if (faults.chunkDelayMs && !(await pause(res, faults.chunkDelayMs))) return
		if (!(await writeChunk(res, step.write))) return
	}
}

export async function deliverCompletion(
	res: ServerResponse,
	protocol: ProviderProtocol,
	reply: PlannedReply,
	faults: TurnFaults,
	headers: Record<string, string>,
): Promise<void> {
	if (faults.chunkDelayMs && !(await pause(res, faults.chunkDelayMs))) return
	if (faults.disconnectAfterChunks !== undefined) {
		res.socket?.destroy()
		return
	}
	if (faults.stallAfterChunks !== undefined) {
		res.writeHead(200, { "content-type": "application/json", ...headers })
		res.flushHeaders()
		await untilClosed(res)
		return
	}
	const text = JSON.stringify(protocol.completion(reply))
	// A non-streaming answer has one "chunk"; malformed means it is cut in half.
	const body = faults.malformedChunkAfter !== undefined ? text.slice(0, Math.floor(text.length / 2)) : text
	sendText(res, 200, body, headers)
}

function defaultMessage(status: number): string {
	if (status === 429) return "Rate limit exceeded (scripted by cairn-model-server)"
	if (status >= 500) return `Internal server error ${status} (scripted by cairn-model-server)`
	return `Error ${status} (scripted by cairn-model-server)`
}

/** The key a request authenticated with, as the SDKs send it. */
export function apiKeyOf(requestHeaders: Readonly<Record<string, string>>): string {
	return (
		requestHeaders["x-api-key"] ??
		requestHeaders["x-goog-api-key"] ??
		requestHeaders.authorization?.replace(/^Bearer\s+/i, "") ??
		""
	)
}

export async function deliverHttpError(
	res: ServerResponse,
	protocol: ProviderProtocol,
	fault: HttpErrorFault,
	faults: TurnFaults,
	sequence: number,
	requestHeaders: Readonly<Record<string, string>>,
): Promise<void> {
	if (faults.chunkDelayMs && !(await pause(res, faults.chunkDelayMs))) return
	const headers: Record<string, string> = { ...protocol.responseHeaders(sequence) }
	if (fault.retryAfter !== undefined) headers["retry-after"] = String(fault.retryAfter)
	const message = fault.message ?? defaultMessage(fault.status)
	const spec = {
		status: fault.status,
		message: fault.echoApiKey ? `${message} (API key: ${apiKeyOf(requestHeaders)})` : message,
		type: fault.type,
		code: fault.code,
		...(typeof fault.retryAfter === "number" && { retryAfterSeconds: fault.retryAfter }),
	}
	Object.assign(headers, protocol.errorHeaders?.(spec), fault.headers)
	sendJson(
		res,
		fault.status,
		fault.body !== undefined ? fault.body : protocol.errorBody(spec, sequence),
		headers,
	)
}
