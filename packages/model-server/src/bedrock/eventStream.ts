import { EventStreamCodec } from "@smithy/core/event-streams"
import type { MessageHeaders } from "@smithy/core/event-streams"
import { fromUtf8, toUtf8 } from "@smithy/core/serde"

// The AWS event-stream framing: each message is a prelude (total and header lengths, their
// CRC32), binary headers, the payload and a CRC32 of the whole. The codec does the bytes.
const codec = new EventStreamCodec(toUtf8, fromUtf8)

const header = (value: string) => ({ type: "string" as const, value })

function encode(headers: MessageHeaders, payload: string): Uint8Array {
	return codec.encode({ headers, body: fromUtf8(payload) })
}

/**
 * One event of a ConverseStream answer: `:event-type` names the member of the output union
 * (messageStart, contentBlockDelta, ...), the payload is that member's JSON.
 */
export function eventMessage(eventType: string, payload: Record<string, unknown>): Uint8Array {
	return eventMessageWithPayload(eventType, JSON.stringify(payload))
}

/** An event whose payload is exactly `payload`, for scripting one that does not parse. */
export function eventMessageWithPayload(eventType: string, payload: string): Uint8Array {
	return encode(
		{
			":event-type": header(eventType),
			":content-type": header("application/json"),
			":message-type": header("event"),
		},
		payload,
	)
}

/**
 * An exception written into the stream after the 200 head: `:exception-type` names the
 * member of the output union (throttlingException, modelStreamErrorException, ...).
 */
export function exceptionMessage(exceptionType: string, message: string): Uint8Array {
	return encode(
		{
			":exception-type": header(exceptionType),
			":content-type": header("application/json"),
			":message-type": header("exception"),
		},
		JSON.stringify({ message }),
	)
}

/** Decodes one whole message, for tests and for reading back what was sent. */
export function decodeMessage(bytes: Uint8Array): { headers: Record<string, string>; payload: string } {
	const message = codec.decode(bytes)
	const headers: Record<string, string> = {}
	for (const [name, { value }] of Object.entries(message.headers)) headers[name] = String(value)
	return { headers, payload: toUtf8(message.body) }
}
