import type { Content } from "@google/genai"
import { messagesSlot, spliceKeptEncodings } from "../keptEncoding.js"

/**
 * Gemini's SDK takes no ready body: it converts the params to the wire form and serialises them
 * itself, history included. So the SDK is given one placeholder content instead of the history,
 * and the fetch it calls puts each content's kept encoding where the placeholder's JSON is. The
 * contents (geminiMessages.ts) are built in the order the SDK writes their fields, so the body is
 * byte for byte what the SDK would have sent with the whole history (geminiBody.test.ts compares).
 */
export const placeholderContents: Content[] = [{ parts: [{ text: messagesSlot }], role: "user" }]

const placeholderJson = JSON.stringify(placeholderContents[0])

/** The SDK wrote the placeholder otherwise than expected (a new SDK version): send it the history. */
export class PlaceholderNotFound extends Error {}

/** A fetch for the SDK that sends `contents` in the placeholder's place, then calls `next`. */
export function withKeptContents(contents: readonly Content[], next: typeof fetch): typeof fetch {
	return async (input, init) => {
		const sent = init?.body
		const body =
			typeof sent === "string" ? spliceKeptEncodings(sent, placeholderJson, contents) : undefined
		if (body === undefined) throw new PlaceholderNotFound()
		return next(input, { ...init, body })
	}
}
