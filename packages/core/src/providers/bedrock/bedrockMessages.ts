import type {
	ContentBlock,
	ImageBlock as BedrockImage,
	ImageFormat,
	Message,
	SystemContentBlock,
	Tool,
	ToolResultContentBlock,
	ToolUseBlock,
} from "@aws-sdk/client-bedrock-runtime"
import type { ApiMessage, AssistantBlock, ImageBlock, UserBlock } from "../apiMessage.js"
import type { ToolSpec } from "../modelProvider.js"
import { toolArgumentsObject } from "../wireHelpers.js"

const formats: Readonly<Record<string, ImageFormat>> = {
	"image/png": "png",
	"image/jpeg": "jpeg",
	"image/gif": "gif",
	"image/webp": "webp",
}

const cachePoint = { cachePoint: { type: "default" } } as const

/** What Converse calls a JSON value it passes to the model as it is. */
type Document = NonNullable<ToolUseBlock["input"]>

/** Tool arguments, schemas and model fields are JSON objects parsed or written by Cairn: documents as they are. */
export const asDocument = (value: object) => value as Document

function image(block: ImageBlock): { image: BedrockImage } | { text: string } {
	const format = formats[block.mediaType]
	// Converse takes these four formats only; anything else would fail the whole request.
	if (format === undefined)
		return { text: `[An image of type ${block.mediaType} was left out: unsupported.]` }
	return { image: { format, source: { bytes: Buffer.from(block.data, "base64") } } }
}

function toolResultContent(
	blocks: readonly (ImageBlock | { type: "text"; text: string })[],
): ToolResultContentBlock[] {
	const content = blocks
		.filter((part) => part.type === "image" || part.text !== "")
		.map((part) => (part.type === "image" ? image(part) : { text: part.text }))
	// A tool result must hold something.
	return content.length > 0 ? content : [{ text: "(no output)" }]
}

function userContent(blocks: readonly UserBlock[]): ContentBlock[] {
	const results: ContentBlock[] = []
	const rest: ContentBlock[] = []
	for (const block of blocks) {
		if (block.type === "tool_result")
			results.push({
				toolResult: {
					toolUseId: block.toolUseId,
					content: toolResultContent(block.content),
					status: block.isError ? "error" : "success",
				},
			})
		else if (block.type === "image") rest.push(image(block))
		// Converse refuses blank text blocks.
		else if (block.text !== "") rest.push({ text: block.text })
	}
	// Tool results open the user message that answers the tool calls (Claude requires it).
	return [...results, ...rest]
}

function assistantContent(blocks: readonly AssistantBlock[]): ContentBlock[] {
	const content: ContentBlock[] = []
	for (const block of blocks) {
		if (block.type === "reasoning") {
			// Reasoning goes back only with the signature the model gave it; unsigned reasoning
			// (another provider's, or a cut stream's) would be refused.
			if (block.signature)
				content.push({
					reasoningContent: { reasoningText: { text: block.text, signature: block.signature } },
				})
		} else if (block.type === "text") {
			if (block.text !== "") content.push({ text: block.text })
		} else {
			content.push({
				toolUse: {
					toolUseId: block.id,
					name: block.name,
					input: asDocument(toolArgumentsObject(block)),
				},
			})
		}
	}
	return content
}

/**
 * The neutral history as Converse messages. Converse wants the roles to alternate, so turns of one
 * role in a row (left by an empty turn between them) are joined. With `cache`, the last two user
 * messages end in a cache point: the newest writes the cache for the next request, the one before
 * reads what the previous request wrote.
 */
export function toBedrockMessages(messages: readonly ApiMessage[], cache: boolean): Message[] {
	const out: Message[] = []
	for (const message of messages) {
		const content =
			message.role === "user" ? userContent(message.content) : assistantContent(message.content)
		if (content.length === 0) continue
		const last = out.at(-1)
		if (last?.role === message.role) {
			const joined = [...(last.content ?? []), ...content]
			// Tool results still first when a user turn is joined to one that held them.
			last.content = [
				...joined.filter((block) => block.toolResult !== undefined),
				...joined.filter((block) => block.toolResult === undefined),
			]
		} else out.push({ role: message.role, content })
	}
	if (cache)
		for (const message of out.filter((m) => m.role === "user").slice(-2))
			message.content = [...(message.content ?? []), cachePoint]
	return out
}

/** The system prompt as one block, followed by a cache point when caching (tools are cached with it). */
export function toBedrockSystem(systemPrompt: string, cache: boolean): SystemContentBlock[] | undefined {
	if (systemPrompt === "") return undefined
	return cache ? [{ text: systemPrompt }, cachePoint] : [{ text: systemPrompt }]
}

export function toBedrockTools(tools: readonly ToolSpec[]): Tool[] {
	return tools.map((tool) => ({
		toolSpec: {
			name: tool.name,
			description: tool.description,
			inputSchema: { json: asDocument(tool.inputSchema) },
		},
	}))
}
