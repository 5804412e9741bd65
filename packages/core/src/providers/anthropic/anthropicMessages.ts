import type { Anthropic } from "@anthropic-ai/sdk"
import type { AssistantBlock, ApiMessage, ImageBlock, UserBlock } from "../apiMessage.js"
import { isGeminiSignature } from "../gemini/geminiMessages.js"
import type { ToolSpec } from "../modelProvider.js"
import { toolArgumentsObject } from "../wireHelpers.js"
import { sameBlocks, wireFormCache } from "../wireForms.js"

type UserPart = Anthropic.TextBlockParam | Anthropic.ImageBlockParam | Anthropic.ToolResultBlockParam
type MediaType = Anthropic.Base64ImageSource["media_type"]

const mediaTypes: readonly string[] = ["image/jpeg", "image/png", "image/gif", "image/webp"]
const ephemeral: Anthropic.CacheControlEphemeral = { type: "ephemeral" }

function image(block: ImageBlock): Anthropic.ImageBlockParam | Anthropic.TextBlockParam {
	// Anthropic takes these four types only; anything else would fail the whole request.
	if (!mediaTypes.includes(block.mediaType))
		return { type: "text", text: `[An image of type ${block.mediaType} was left out: unsupported.]` }
	return {
		type: "image",
		source: { type: "base64", media_type: block.mediaType as MediaType, data: block.data },
	}
}

function userParts(blocks: readonly UserBlock[]): UserPart[] {
	const results: UserPart[] = []
	const rest: UserPart[] = []
	for (const block of blocks) {
		if (block.type === "tool_result") {
			const content = block.content
				.filter((part) => part.type === "image" || part.text !== "")
				.map((part) =>
					part.type === "image" ? image(part) : { type: "text" as const, text: part.text },
				)
			results.push({
				type: "tool_result",
				tool_use_id: block.toolUseId,
				...(content.length > 0 && { content }),
				...(block.isError && { is_error: true }),
			})
		} else if (block.type === "image") rest.push(image(block))
		// Anthropic refuses empty text blocks.
		else if (block.text !== "") rest.push({ type: "text", text: block.text })
	}
	// Tool results must open the user message that answers the tool calls.
	return [...results, ...rest]
}

function assistantParts(blocks: readonly AssistantBlock[]): Anthropic.ContentBlockParam[] {
	const parts: Anthropic.ContentBlockParam[] = []
	for (const block of blocks) {
		if (block.type === "reasoning") {
			// Thinking is only accepted back with the signature Anthropic gave it; unsigned
			// reasoning (from another provider, or a cut stream) and Gemini's signatures are left out.
			if (block.signature && !isGeminiSignature(block.signature))
				parts.push({ type: "thinking", thinking: block.text, signature: block.signature })
		} else if (block.type === "text") {
			if (block.text !== "") parts.push({ type: "text", text: block.text })
		} else {
			// `input` must be an object; unparseable arguments were already answered with an error.
			parts.push({
				type: "tool_use",
				id: block.id,
				name: block.name,
				input: toolArgumentsObject(block),
			})
		}
	}
	return parts
}

/**
 * Each history message's wire form (undefined when it sends nothing), for the requests after it:
 * the whole history is sent at every turn, and its kept forms are what keptEncoding.ts encodes
 * once. A message only ever gains blocks and blocks are never changed in place (see
 * openaiMessages.ts), so the form stays valid while the message holds the same blocks.
 */
const converted = wireFormCache<
	ApiMessage,
	{ blocks: readonly object[]; wire: Anthropic.MessageParam | undefined }
>()

function wireForm(message: ApiMessage): Anthropic.MessageParam | undefined {
	const known = converted.get(message)
	if (known !== undefined && sameBlocks(known.blocks, message.content)) return known.wire
	const content = message.role === "user" ? userParts(message.content) : assistantParts(message.content)
	// Anthropic refuses an empty turn; the API joins the turns around a skipped assistant one.
	const wire = content.length > 0 ? { role: message.role, content } : undefined
	converted.set(message, { blocks: [...message.content], wire })
	return wire
}

/**
 * The neutral history in Messages API form. With `cache`, the last two user messages get a
 * cache breakpoint: the newest one writes the cache for the next request, the one before reads
 * what the previous request wrote. Those two are copies: the kept forms are shared between requests.
 */
export function toAnthropicMessages(
	messages: readonly ApiMessage[],
	cache: boolean,
): Anthropic.MessageParam[] {
	const out: Anthropic.MessageParam[] = []
	const userIndexes: number[] = []
	for (const message of messages) {
		const wire = wireForm(message)
		if (wire === undefined) continue
		if (wire.role === "user") userIndexes.push(out.length)
		out.push(wire)
	}
	if (cache) {
		for (const index of userIndexes.slice(-2)) {
			const content = out[index]?.content as UserPart[]
			const last = content[content.length - 1] as UserPart
			out[index] = {
				role: "user",
				content: [...content.slice(0, -1), { ...last, cache_control: ephemeral }],
			}
		}
	}
	return out
}

/** The system prompt as one block, so it can carry a cache breakpoint (tools are cached with it). */
export function toAnthropicSystem(
	systemPrompt: string,
	cache: boolean,
): Anthropic.TextBlockParam[] | undefined {
	if (systemPrompt === "") return undefined
	return [{ type: "text", text: systemPrompt, ...(cache && { cache_control: ephemeral }) }]
}

export function toAnthropicTools(tools: readonly ToolSpec[]): Anthropic.Tool[] {
	return tools.map((tool) => ({
		name: tool.name,
		description: tool.description,
		input_schema: { type: "object", ...tool.inputSchema } as Anthropic.Tool.InputSchema,
	}))
}
