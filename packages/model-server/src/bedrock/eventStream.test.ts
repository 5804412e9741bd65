import { describe, expect, it } from "vitest"
import { decodeMessage, eventMessage, eventMessageWithPayload, exceptionMessage } from "./eventStream.js"

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)

describe("AWS event-stream messages", () => {
	it("frame an event: total length and header length in the prelude, the JSON payload, and checksums", () => {
		const bytes = eventMessage("contentBlockDelta", { contentBlockIndex: 0, delta: { text: "ünï ✓" } })
		const prelude = view(bytes)
		expect(prelude.getUint32(0)).toBe(bytes.byteLength)
		const headersLength = prelude.getUint32(4)
		// 12-byte prelude (with its CRC), headers, payload, 4-byte message CRC.
		const payloadLength = bytes.byteLength - 12 - headersLength - 4
		expect(payloadLength).toBe(Buffer.byteLength('{"contentBlockIndex":0,"delta":{"text":"ünï ✓"}}'))
		expect(decodeMessage(bytes)).toEqual({
			headers: {
				":event-type": "contentBlockDelta",
				":content-type": "application/json",
				":message-type": "event",
			},
			payload: '{"contentBlockIndex":0,"delta":{"text":"ünï ✓"}}',
		})
	})

	it("frame an exception with its type and a message body", () => {
		expect(decodeMessage(exceptionMessage("throttlingException", "slow down"))).toEqual({
			headers: {
				":exception-type": "throttlingException",
				":content-type": "application/json",
				":message-type": "exception",
			},
			payload: '{"message":"slow down"}',
		})
	})

	it("refuse to decode a message whose bytes were changed (the checksum guards them)", () => {
		const bytes = eventMessage("messageStart", { role: "assistant" })
		const changed = bytes.slice()
		changed[changed.byteLength - 8] = (changed[changed.byteLength - 8] ?? 0) ^ 0xff
		expect(() => decodeMessage(changed)).toThrow(/checksum/i)
	})

	it("carry a payload that is not JSON as it is, in a well-formed frame", () => {
		expect(decodeMessage(eventMessageWithPayload("contentBlockDelta", '{"cut')).payload).toBe('{"cut')
	})
})
