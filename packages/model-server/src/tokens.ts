import { isRecord } from "./protocol.js"
import type { Provider } from "./scenario.js"

/**
 * How many tokens a chat request holds, by one shared rule that Cairn's core applies on its side
 * too. It is no provider's real count (those differ from model to model); it is a deterministic
 * rule both sides can compute, so a test knows exactly which request passes a context window.
 *
 *     request = tokens(system prompt text)
 *             + Σ over messages (3 + Σ parts)
 *             + Σ over tools (tokens(name) + tokens(description) + tokens(JSON.stringify(schema)))
 *
 *     text part        tokens(text); a thinking / reasoning part counts as text (a signature does not)
 *     image            1,000 flat
 *     tool call        tokens(name) + tokens(arguments as a JSON string: JSON.stringify of an object,
 *                      or the string exactly as sent)
 *     tool result      3 + Σ its content parts (text as above, an image 1,000)
 *
 * tokens(s) is the cl100k_base encoding of s counted in slices of 4,096 characters (so a huge
 * unbroken run costs milliseconds, not minutes), special-token text (`<|endoftext|>`) counted as
 * plain text. Anything absent counts 0. Per wire format:
 * - Anthropic: `system` (a string, or the sum over its text blocks); `messages[].content` (a string is
 *   one text part; blocks: text, thinking, image, tool_use with `input`, tool_result whose `content`
 *   is a string or blocks); `tools[]` name, description, input_schema.
 * - OpenAI: messages of role system or developer are system prompt text (no 3 each); the rest are
 *   messages: content a string or parts (text, image_url), `reasoning_content` as text,
 *   `tool_calls[].function.{name, arguments}`; a `tool` message's content is one tool result;
 *   `tools[].function.{name, description, parameters}`.
 * - Ollama: as OpenAI, with `images[]` (1,000 each), `thinking` as text, and tool call arguments an
 *   object.
 * - Bedrock Converse: `system` text blocks; `messages[].content` blocks `text`, `image`,
 *   `reasoningContent.reasoningText.text`, `toolUse` with `input`, `toolResult` whose `content` holds
 *   text, image or json blocks (json as its JSON string); `cachePoint` counts 0;
 *   `toolConfig.tools[].toolSpec` name, description, `inputSchema.json`.
 * - Gemini: `systemInstruction.parts[].text`; `contents[].parts[]`: `text` (a thought too),
 *   `inlineData` an image, `functionCall` name + args, `functionResponse` a tool result whose one
 *   part is its `response` (`output` or `error` when that is a string, else the JSON); tools are
 *   `tools[].functionDeclarations[]` with `parametersJsonSchema` or `parameters`.
 */
export interface RequestTokens {
	/** The whole request by the rule above. */
	total: number
	/** The part of `total` that is tool definitions (the rest is system prompt and messages). */
	tools: number
}

export const IMAGE_TOKENS = 1_000
export const MESSAGE_TOKENS = 3
export const TOOL_RESULT_TOKENS = 3
export const SLICE_CHARS = 4_096

type Count = (text: string) => number

let loading: Promise<Count> | undefined

// The encoder's tables cost about 100 ms to load, so only servers that count pay for them.
function loadCounter(): Promise<Count> {
	loading ??= import("gpt-tokenizer/encoding/cl100k_base").then(({ countTokens }) => {
		const options = { disallowedSpecial: new Set<string>() }
		// In slices, as the core counts: BPE cost grows with the square of an unbroken run's length.
		return (text: string) => {
			let tokens = 0
			for (let i = 0; i < text.length; i += SLICE_CHARS)
				tokens += countTokens(text.slice(i, i + SLICE_CHARS), options)
			return tokens
		}
	})
	return loading
}

/** Counts a chat request body of `provider`'s wire format by the rule above. */
export async function countRequestTokens(provider: Provider, body: unknown): Promise<RequestTokens> {
	const count = await loadCounter()
	const request = isRecord(body) ? body : {}
	if (provider === "bedrock") {
		const tools = bedrockToolTokens(request.toolConfig, count)
		return { total: bedrockTokens(request, count) + tools, tools }
	}
	const walk =
		provider === "anthropic" ? anthropicTokens : provider === "gemini" ? geminiTokens : chatTokens
	const declarations =
		provider === "gemini"
			? list(request.tools).flatMap((tool) => (isRecord(tool) ? list(tool.functionDeclarations) : []))
			: request.tools
	const tools = toolTokens(declarations, count)
	return { total: walk(request, count) + tools, tools }
}

function text(value: unknown, count: Count): number {
	return typeof value === "string" ? count(value) : 0
}

function argumentsText(value: unknown): string {
	if (typeof value === "string") return value
	return value === undefined ? "" : JSON.stringify(value)
}

function list(value: unknown): unknown[] {
	return Array.isArray(value) ? (value as unknown[]) : []
}

function anthropicTokens(request: Record<string, unknown>, count: Count): number {
	const system =
		typeof request.system === "string"
			? count(request.system)
			: list(request.system).reduce<number>((sum, block) => sum + anthropicPart(block, count), 0)
	return list(request.messages).reduce<number>((sum, message) => {
		if (!isRecord(message)) return sum
		const content = message.content
		const parts =
			typeof content === "string"
				? count(content)
				: list(content).reduce<number>((total, block) => total + anthropicPart(block, count), 0)
		return sum + MESSAGE_TOKENS + parts
	}, system)
}

function anthropicPart(block: unknown, count: Count): number {
	if (!isRecord(block)) return 0
	switch (block.type) {
		case "text":
			return text(block.text, count)
		case "thinking":
			return text(block.thinking, count)
		case "image":
			return IMAGE_TOKENS
		case "tool_use":
			return text(block.name, count) + count(argumentsText(block.input))
		case "tool_result": {
			const content = block.content
			const parts =
				typeof content === "string"
					? count(content)
					: list(content).reduce<number>((sum, part) => sum + anthropicPart(part, count), 0)
			return TOOL_RESULT_TOKENS + parts
		}
		default:
			return 0
	}
}

function geminiTokens(request: Record<string, unknown>, count: Count): number {
	const instruction = request.systemInstruction
	const system = isRecord(instruction)
		? list(instruction.parts).reduce<number>((sum, part) => sum + geminiPart(part, count), 0)
		: text(instruction, count)
	return list(request.contents).reduce<number>((sum, content) => {
		if (!isRecord(content)) return sum
		const parts = list(content.parts).reduce<number>((total, part) => total + geminiPart(part, count), 0)
		return sum + MESSAGE_TOKENS + parts
	}, system)
}

function geminiPart(part: unknown, count: Count): number {
	if (!isRecord(part)) return 0
	if (typeof part.text === "string") return count(part.text)
	if (part.inlineData !== undefined) return IMAGE_TOKENS
	if (isRecord(part.functionCall))
		return text(part.functionCall.name, count) + count(argumentsText(part.functionCall.args ?? {}))
	if (isRecord(part.functionResponse)) {
		const response = part.functionResponse.response
		const said = isRecord(response) ? (response.output ?? response.error) : undefined
		return TOOL_RESULT_TOKENS + count(typeof said === "string" ? said : argumentsText(response))
	}
	return 0
}

/** OpenAI Chat Completions and Ollama `/api/chat` share their message shape closely enough. */
function chatTokens(request: Record<string, unknown>, count: Count): number {
	return list(request.messages).reduce<number>((sum, message) => {
		if (!isRecord(message)) return sum
		const content = contentTokens(message.content, count) + imageTokens(message.images)
		if (message.role === "system" || message.role === "developer") return sum + content
		if (message.role === "tool") return sum + MESSAGE_TOKENS + TOOL_RESULT_TOKENS + content
		const reasoning = text(message.reasoning_content, count) + text(message.thinking, count)
		const calls = list(message.tool_calls).reduce<number>((total, call) => {
			const fn = isRecord(call) && isRecord(call.function) ? call.function : {}
			return total + text(fn.name, count) + count(argumentsText(fn.arguments))
		}, 0)
		return sum + MESSAGE_TOKENS + content + reasoning + calls
	}, 0)
}

function contentTokens(content: unknown, count: Count): number {
	if (typeof content === "string") return count(content)
	return list(content).reduce<number>((sum, part) => {
		if (!isRecord(part)) return sum
		if (part.type === "text") return sum + text(part.text, count)
		if (part.type === "image_url") return sum + IMAGE_TOKENS
		return sum
	}, 0)
}

function imageTokens(images: unknown): number {
	return list(images).length * IMAGE_TOKENS
}

function toolTokens(tools: unknown, count: Count): number {
	return list(tools).reduce<number>((sum, tool) => {
		if (!isRecord(tool)) return sum
		// Anthropic puts the definition on the tool; OpenAI and Ollama nest it under `function`.
		const definition = isRecord(tool.function) ? tool.function : tool
		const schema = definition.input_schema ?? definition.parameters ?? definition.parametersJsonSchema
		return (
			sum +
			text(definition.name, count) +
			text(definition.description, count) +
			(schema === undefined ? 0 : count(JSON.stringify(schema)))
		)
	}, 0)
}

function bedrockTokens(request: Record<string, unknown>, count: Count): number {
	const system = list(request.system).reduce<number>((sum, block) => sum + bedrockPart(block, count), 0)
	return list(request.messages).reduce<number>((sum, message) => {
		if (!isRecord(message)) return sum
		const parts = list(message.content).reduce<number>(
			(total, block) => total + bedrockPart(block, count),
			0,
		)
		return sum + MESSAGE_TOKENS + parts
	}, system)
}

/** A Converse content block is an object with one member naming its kind. */
function bedrockPart(block: unknown, count: Count): number {
	if (!isRecord(block)) return 0
	if (typeof block.text === "string") return count(block.text)
	if (block.image !== undefined) return IMAGE_TOKENS
	if (block.json !== undefined) return count(JSON.stringify(block.json))
	const { reasoningContent, toolUse, toolResult } = block
	if (isRecord(reasoningContent) && isRecord(reasoningContent.reasoningText))
		return text(reasoningContent.reasoningText.text, count)
	if (isRecord(toolUse)) return text(toolUse.name, count) + count(argumentsText(toolUse.input))
	if (isRecord(toolResult))
		return list(toolResult.content).reduce<number>(
			(sum, part) => sum + bedrockPart(part, count),
			TOOL_RESULT_TOKENS,
		)
	return 0
}

function bedrockToolTokens(toolConfig: unknown, count: Count): number {
	const tools = isRecord(toolConfig) ? list(toolConfig.tools) : []
	return tools.reduce<number>((sum, tool) => {
		const spec = isRecord(tool) && isRecord(tool.toolSpec) ? tool.toolSpec : {}
		const schema = isRecord(spec.inputSchema) ? spec.inputSchema.json : undefined
		return (
			sum +
			text(spec.name, count) +
			text(spec.description, count) +
			(schema === undefined ? 0 : count(JSON.stringify(schema)))
		)
	}, 0)
}
