import { isRecord } from "./protocol.js"
import type { RecordedRequest } from "./recording.js"

function textOf(content: unknown): string {
	if (typeof content === "string") return content
	if (!Array.isArray(content)) return content === undefined ? "" : JSON.stringify(content)
	return content
		.map((part: unknown) => (isRecord(part) && typeof part.text === "string" ? part.text : ""))
		.join("")
}

/**
 * The text of the newest tool result in a recorded chat request, whatever the provider:
 * an Anthropic `tool_result` or Bedrock `toolResult` block in a user message, or an OpenAI /
 * Ollama `role: "tool"` message, or a Gemini `functionResponse` part (its `response.output`, or
 * `error`). Undefined when the request carries none. Meant for function turns.
 */
export function lastToolResult(request: RecordedRequest): string | undefined {
	if (isRecord(request.body) && Array.isArray(request.body.contents))
		return lastFunctionResponse(request.body.contents)
	const messages = isRecord(request.body) ? request.body.messages : undefined
	if (!Array.isArray(messages)) return undefined
	for (let i = messages.length - 1; i >= 0; i--) {
		const message: unknown = messages[i]
		if (!isRecord(message)) continue
		if (message.role === "tool") return textOf(message.content)
		if (message.role === "user" && Array.isArray(message.content)) {
			const results = message.content.flatMap((block: unknown) => {
				if (!isRecord(block)) return []
				if (block.type === "tool_result") return [block]
				return isRecord(block.toolResult) ? [block.toolResult] : []
			})
			const last: unknown = results.at(-1)
			if (isRecord(last)) return textOf(last.content)
		}
	}
	return undefined
}

function lastFunctionResponse(contents: unknown[]): string | undefined {
	for (let i = contents.length - 1; i >= 0; i--) {
		const content: unknown = contents[i]
		if (!isRecord(content) || !Array.isArray(content.parts)) continue
		const responses = content.parts.filter(
			(part: unknown) => isRecord(part) && isRecord(part.functionResponse),
		) as { functionResponse: { response?: unknown } }[]
		const response = responses.at(-1)?.functionResponse.response
		if (responses.length === 0) continue
		if (!isRecord(response)) return textOf(response)
		return textOf(response.output ?? response.error ?? response)
	}
	return undefined
}
