import type { OpenAI } from "openai"
import type { ApiMessage, AssistantMessage, ImageBlock, TextBlock, UserMessage } from "../apiMessage.js"
import type { ToolSpec } from "../modelProvider.js"
import { imagesOf, joinText, toolArgumentsText, toolResultText } from "../wireHelpers.js"
import { SeenHistory } from "../seenHistory.js"
import { sameBlocks, wireFormCache } from "../wireForms.js"

type MessageParam = OpenAI.ChatCompletionMessageParam
type ContentPart = OpenAI.ChatCompletionContentPart

function imagePart(block: ImageBlock): ContentPart {
	return { type: "image_url", image_url: { url: `data:${block.mediaType};base64,${block.data}` } }
}

/** Plain text stays a string: some OpenAI-compatible servers accept nothing else. */
function userContent(blocks: readonly (TextBlock | ImageBlock)[]): string | ContentPart[] {
	const nonEmpty = blocks.filter((block) => block.type === "image" || block.text !== "")
	if (nonEmpty.every((block) => block.type === "text")) return joinText(nonEmpty)
	return nonEmpty.map((block) =>
		block.type === "text" ? { type: "text", text: block.text } : imagePart(block),
	)
}

/**
 * Tool results become `role: "tool"` messages, which must directly follow the assistant message
 * that made the calls. Tool messages cannot carry images, so a tool result's images, and the
 * rest of the user's blocks, go in one user message after them.
 */
function fromUser(message: UserMessage): MessageParam[] {
	const out: MessageParam[] = []
	const rest: (TextBlock | ImageBlock)[] = []
	for (const block of message.content) {
		if (block.type === "tool_result") {
			out.push({ role: "tool", tool_call_id: block.toolUseId, content: toolResultText(block) })
			const images = imagesOf(block.content)
			if (images.length > 0)
				rest.push({ type: "text", text: `Images from tool result ${block.toolUseId}:` }, ...images)
		} else rest.push(block)
	}
	const content = userContent(rest)
	if (content.length > 0) out.push({ role: "user", content })
	return out
}

/**
 * Reasoning is not sent back: Chat Completions has no field for it (`reasoning_content` is an
 * extension of some servers, and others refuse unknown fields).
 */
function fromAssistant(message: AssistantMessage): MessageParam[] {
	const text = joinText(message.content)
	const toolCalls = message.content.flatMap((block) =>
		block.type === "tool_use"
			? [
					{
						id: block.id,
						type: "function" as const,
						function: { name: block.name, arguments: toolArgumentsText(block) },
					},
				]
			: [],
	)
	if (text === "" && toolCalls.length === 0) return []
	return [
		{
			role: "assistant",
			// null, not "", when there is only tool calls: some servers reject an empty string.
			content: text === "" ? null : text,
			...(toolCalls.length > 0 && { tool_calls: toolCalls }),
		},
	]
}

/**
 * Each history message's wire form, for the requests after it: the whole history is sent again
 * at every turn, and converting it all again was O(task) work per turn. A message in the history
 * only ever gains blocks (a user message merged into, see ApiHistory.pushUser), and blocks are
 * never changed in place, so the form stays valid while the message holds the same blocks.
 */
const converted = wireFormCache<ApiMessage, { blocks: readonly object[]; wire: MessageParam[] }>()

function wireForm(message: ApiMessage): MessageParam[] {
	const known = converted.get(message)
	if (known !== undefined && sameBlocks(known.blocks, message.content)) return known.wire
	const wire = message.role === "user" ? fromUser(message) : fromAssistant(message)
	converted.set(message, { blocks: [...message.content], wire })
	return wire
}

/**
 * One provider's request messages, request after request: the forms of the history as far as it is
 * the previous request's are taken from it, and the system prompt's message is the same object
 * while the prompt is the same (so the kept body sees it unchanged, see keptBody.ts). The wire
 * forms are shared between requests: the SDK only reads them.
 */
export class OpenAiHistoryForms {
	private readonly seen = new SeenHistory<number>()
	/** The wire forms of the history last seen, in order; each message's end is its value in `seen`. */
	private readonly wire: MessageParam[] = []
	private system: { prompt: string; message: MessageParam } | undefined

	messages(systemPrompt: string, history: readonly ApiMessage[]): MessageParam[] {
		const wire = this.wire
		wire.length =
			this.seen.fold(history, (message, before = 0) => {
				wire.length = before
				for (const form of wireForm(message)) wire.push(form)
				return wire.length
			}) ?? 0
		if (systemPrompt === "") return wire.slice()
		if (this.system?.prompt !== systemPrompt)
			this.system = { prompt: systemPrompt, message: { role: "system", content: systemPrompt } }
		return [this.system.message, ...wire]
	}
}

/** The request messages for a system prompt and a history (a provider keeps an OpenAiHistoryForms). */
export function toOpenAiMessages(systemPrompt: string, messages: readonly ApiMessage[]): MessageParam[] {
	return new OpenAiHistoryForms().messages(systemPrompt, messages)
}

export function toOpenAiTools(tools: readonly ToolSpec[]): OpenAI.ChatCompletionFunctionTool[] {
	return tools.map((tool) => ({
		type: "function",
		function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
	}))
}
