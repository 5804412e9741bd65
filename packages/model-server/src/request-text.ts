import { isRecord } from "./protocol.js"

function textParts(content: unknown): string {
	if (typeof content === "string") return content
	if (!Array.isArray(content)) return ""
	return content
		.flatMap((part: unknown) =>
			// Bedrock's blocks have no `type`: a text block is `{ text }`.
			isRecord(part) && (part.type ?? "text") === "text" && typeof part.text === "string"
				? [part.text]
				: [],
		)
		.join("\n")
}

/** Gemini's `contents` as role + content messages (`parts` text joins as the other formats' does). */
function messagesOf(body: unknown): unknown[] {
	if (!isRecord(body)) return []
	if (Array.isArray(body.contents))
		return body.contents.map((content: unknown) =>
			isRecord(content) ? { role: content.role, content: geminiTextParts(content.parts) } : content,
		)
	return Array.isArray(body.messages) ? body.messages : []
}

function geminiTextParts(parts: unknown): string {
	if (!Array.isArray(parts)) return ""
	return parts
		.flatMap((part: unknown) =>
			isRecord(part) && typeof part.text === "string" && part.thought !== true ? [part.text] : [],
		)
		.join("\n")
}

/**
 * The system prompt of a chat request body in any of the wire formats: Anthropic's or Bedrock's
 * `system` (a string or text blocks), Gemini's `systemInstruction`, or the OpenAI / Ollama system
 * (and developer) messages, joined by newlines.
 */
export function systemText(body: unknown): string {
	if (isRecord(body) && body.system !== undefined) return textParts(body.system)
	if (isRecord(body) && isRecord(body.systemInstruction))
		return geminiTextParts(body.systemInstruction.parts)
	return messagesOf(body)
		.filter((m) => isRecord(m) && (m.role === "system" || m.role === "developer"))
		.map((m) => textParts((m as Record<string, unknown>).content))
		.join("\n")
}

/** The text parts of the last `user` message (tool results are not text parts), joined by newlines. */
export function lastUserText(body: unknown): string {
	const messages = messagesOf(body)
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]
		if (isRecord(message) && message.role === "user") return textParts(message.content)
	}
	return ""
}

/** The text parts of the first `user` message: what the conversation was started with. */
export function firstUserText(body: unknown): string {
	const first = messagesOf(body).find((message) => isRecord(message) && message.role === "user")
	return isRecord(first) ? textParts(first.content) : ""
}

/** How many answers the model has given in this conversation so far (assistant, or Gemini's model, messages). */
export function modelAnswerCount(body: unknown): number {
	return messagesOf(body).filter(
		(message) => isRecord(message) && (message.role === "assistant" || message.role === "model"),
	).length
}
