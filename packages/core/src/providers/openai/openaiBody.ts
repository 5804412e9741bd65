import type { OpenAI } from "openai"

type Params = OpenAI.ChatCompletionCreateParamsStreaming

/**
 * Each wire message's JSON, encoded once: the history's wire forms are kept between requests (see
 * openaiMessages.ts), and serialising the whole history again for every request was O(task) work
 * per turn, most of a long task's CPU.
 */
const encoded = new WeakMap<object, string>()

function encodedMessage(message: object): string {
	let json = encoded.get(message)
	if (json === undefined) {
		json = JSON.stringify(message)
		encoded.set(message, json)
	}
	return json
}

/** Stands for the messages in the rest of the body; no real value holds a NUL beside this text. */
const slot = "\u0000cairn:messages\u0000"
const slotJson = JSON.stringify(slot)

/**
 * The request body, byte for byte what `JSON.stringify(params)` gives (as the SDK would send it),
 * built from the messages' kept encodings: only the rest of the body (the model, the tools, a few
 * flags) and a message seen for the first time are serialised. A string, not bytes: joined from
 * kept strings it costs less CPU to build and send than a Buffer assembled from kept Buffers
 * (which undici copies again), GC included, measured with an agent-sized heap.
 */
export function encodeChatBody(params: Params): string {
	const rest = JSON.stringify({ ...params, messages: slot })
	const at = rest.indexOf(slotJson)
	// A value holding the slot's text itself (never in practice): serialise the whole body.
	if (at === -1 || rest.indexOf(slotJson, at + 1) !== -1) return JSON.stringify(params)
	const messages = params.messages.map(encodedMessage).join(",")
	return `${rest.slice(0, at)}[${messages}]${rest.slice(at + slotJson.length)}`
}
