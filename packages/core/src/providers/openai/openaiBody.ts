import type { OpenAI } from "openai"

type Params = OpenAI.ChatCompletionCreateParamsStreaming

/**
 * Each wire message's JSON, encoded once: the history's wire forms are kept between requests (see
 * openaiMessages.ts), and serialising the whole history again for every request was O(task) work
 * per turn, most of a long task's CPU.
 */
const encoded = new WeakMap<object, Buffer>()

function encodedMessage(message: object): Buffer {
	let bytes = encoded.get(message)
	if (bytes === undefined) {
		bytes = Buffer.from(JSON.stringify(message))
		encoded.set(message, bytes)
	}
	return bytes
}

/** Stands for the messages in the rest of the body; no real value holds a NUL beside this text. */
const slot = "\u0000cairn:messages\u0000"
const slotJson = JSON.stringify(slot)
const comma = Buffer.from(",")
const open = Buffer.from("[")
const close = Buffer.from("]")

/**
 * The request body, byte for byte what `JSON.stringify(params)` gives (as the SDK would send it),
 * built from the messages' kept encodings: only the rest of the body (the model, the tools, a few
 * flags) and a message seen for the first time are serialised. Bytes, not a string joined from kept
 * strings: that costs a little less CPU, but each half-megabyte body then lives on the V8 heap
 * until a major GC, and the loop bench's peak memory at 1,000 turns was ~60 MB higher.
 */
export function encodeChatBody(params: Params): Buffer {
	const rest = JSON.stringify({ ...params, messages: slot })
	const at = rest.indexOf(slotJson)
	// A value holding the slot's text itself (never in practice): serialise the whole body.
	if (at === -1 || rest.indexOf(slotJson, at + 1) !== -1) return Buffer.from(JSON.stringify(params))
	const parts: Buffer[] = [Buffer.from(rest.slice(0, at)), open]
	params.messages.forEach((message, i) => {
		if (i > 0) parts.push(comma)
		parts.push(encodedMessage(message))
	})
	parts.push(close, Buffer.from(rest.slice(at + slotJson.length)))
	return Buffer.concat(parts)
}
