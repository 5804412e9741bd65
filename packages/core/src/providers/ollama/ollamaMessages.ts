import type { Message, Tool } from "ollama"
import type { ApiMessage, AssistantMessage, ImageBlock, TextBlock, UserMessage } from "../apiMessage.js"
import type { ToolSpec } from "../modelProvider.js"
import { imagesOf, joinText, toolArgumentsObject, toolResultText } from "../wireHelpers.js"

/**
 * Bytes, not a base64 string: ollama-js reads a string image as a file path when a file of that
 * name exists. It encodes the bytes back to base64 for the wire.
 */
function imageBytes(block: ImageBlock): Uint8Array {
	return Buffer.from(block.data, "base64")
}

/**
 * Tool results become `role: "tool"` messages named after their call (Ollama matches results by
 * tool name, not id). Their images, and the user's own blocks, follow in one user message.
 */
function fromUser(message: UserMessage, toolNames: ReadonlyMap<string, string>): Message[] {
	const out: Message[] = []
	const rest: (TextBlock | ImageBlock)[] = []
	for (const block of message.content) {
		if (block.type === "tool_result") {
			const name = toolNames.get(block.toolUseId)
			out.push({ role: "tool", content: toolResultText(block), ...(name && { tool_name: name }) })
			const images = imagesOf(block.content)
			if (images.length > 0)
				rest.push({ type: "text", text: `Images from the ${name ?? "tool"} result:` }, ...images)
		} else rest.push(block)
	}
	const text = joinText(rest)
	const images = imagesOf(rest)
	if (text !== "" || images.length > 0)
		out.push({
			role: "user",
			content: text,
			...(images.length > 0 && { images: images.map(imageBytes) }),
		})
	return out
}

function fromAssistant(message: AssistantMessage, toolNames: Map<string, string>): Message[] {
	const text = joinText(message.content)
	const thinking = message.content
		.flatMap((block) => (block.type === "reasoning" ? [block.text] : []))
		.join("")
	const toolCalls = message.content.flatMap((block) => {
		if (block.type !== "tool_use") return []
		toolNames.set(block.id, block.name)
		// Ollama wants the arguments as an object, never as JSON text.
		return [{ function: { name: block.name, arguments: toolArgumentsObject(block) } }]
	})
	if (text === "" && toolCalls.length === 0 && thinking === "") return []
	return [
		{
			role: "assistant",
			content: text,
			...(thinking !== "" && { thinking }),
			...(toolCalls.length > 0 && { tool_calls: toolCalls }),
		},
	]
}

export function toOllamaMessages(systemPrompt: string, messages: readonly ApiMessage[]): Message[] {
	const toolNames = new Map<string, string>()
	const out: Message[] = []
	if (systemPrompt !== "") out.push({ role: "system", content: systemPrompt })
	for (const message of messages)
		out.push(
			...(message.role === "user" ? fromUser(message, toolNames) : fromAssistant(message, toolNames)),
		)
	return out
}

export function toOllamaTools(tools: readonly ToolSpec[]): Tool[] {
	return tools.map((tool) => ({
		type: "function",
		function: {
			name: tool.name,
			description: tool.description,
			// ollama-js types a narrow subset of JSON Schema; the server takes any schema.
			parameters: tool.inputSchema as Tool["function"]["parameters"],
		},
	}))
}
