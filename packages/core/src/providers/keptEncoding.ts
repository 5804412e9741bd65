/**
 * Request bodies built from each history message's kept encoding. Providers whose API takes the
 * whole history at every request keep each message's wire form between requests (see
 * openaiMessages.ts, anthropicMessages.ts, geminiMessages.ts); serialising that whole history again
 * for every request was O(task) work per turn, most of a long task's CPU. Here each wire message's
 * JSON is encoded once, and a body is the rest of the request serialised with the kept encodings
 * spliced in where the messages go: byte for byte the JSON of the whole body. (OpenAI's and
 * Anthropic's bodies are written into one kept buffer instead, see keptBody.ts.)
 */

const encoded = new WeakMap<object, Buffer>()

/** A wire message's UTF-8 JSON, encoded the first time it is sent; wire forms are never changed. */
export function keptEncoding(message: object): Buffer {
	let bytes = encoded.get(message)
	if (bytes === undefined) {
		bytes = Buffer.from(JSON.stringify(message))
		encoded.set(message, bytes)
	}
	return bytes
}

/** Stands for the messages in the rest of a body; no real value holds a NUL beside this text. */
export const messagesSlot = "\u0000cairn:messages\u0000"

const comma = Buffer.from(",")

/**
 * `text` (a serialised body) with the one occurrence of `marker` replaced by the messages' kept
 * encodings, comma-separated; undefined when `marker` is not there exactly once. Bytes, not a string
 * joined from kept strings: that costs a little less CPU, but each half-megabyte body then lives on
 * the V8 heap until a major GC, and the loop bench's peak memory at 1,000 turns was ~60 MB higher.
 */
export function spliceKeptEncodings(
	text: string,
	marker: string,
	messages: readonly object[],
): Buffer | undefined {
	const at = text.indexOf(marker)
	if (at === -1 || text.indexOf(marker, at + 1) !== -1) return undefined
	const parts: Buffer[] = [Buffer.from(text.slice(0, at))]
	messages.forEach((message, i) => {
		if (i > 0) parts.push(comma)
		parts.push(keptEncoding(message))
	})
	parts.push(Buffer.from(text.slice(at + marker.length)))
	return Buffer.concat(parts)
}
