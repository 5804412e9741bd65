import type { ImageBlock, TextBlock, ToolResultBlock, ToolUseBlock } from "./apiMessage.js"
import { wireFormCache } from "./wireForms.js"

/** The text blocks of a list, joined the way a wire format with one string per message needs. */
export function joinText(blocks: readonly (TextBlock | ImageBlock | { type: string })[]): string {
	return blocks
		.filter((block): block is TextBlock => block.type === "text")
		.map((block) => block.text)
		.join("\n\n")
}

export function imagesOf(blocks: readonly { type: string }[]): ImageBlock[] {
	return blocks.filter((block): block is ImageBlock => block.type === "image")
}

/**
 * Each past call's arguments as text, for the requests after it: the history is sent again every
 * turn. A call in the history is never changed in place; a new input object is serialised again.
 */
const argumentsTexts = wireFormCache<ToolUseBlock, { input: unknown; text: string }>()

/**
 * A tool call's arguments as JSON text. The history keeps the model's raw text when it did not
 * parse (see ToolUseBlock), and that is sent back as it came.
 */
export function toolArgumentsText(use: ToolUseBlock): string {
	if (typeof use.input === "string") return use.input
	const known = argumentsTexts.get(use)
	if (known !== undefined && known.input === use.input) return known.text
	const text = JSON.stringify(use.input ?? {})
	argumentsTexts.set(use, { input: use.input, text })
	return text
}

/** A tool call's arguments as an object, for wire formats that refuse anything else. */
export function toolArgumentsObject(use: ToolUseBlock): Record<string, unknown> {
	let value = use.input
	if (typeof value === "string") {
		try {
			value = JSON.parse(value)
		} catch {
			value = undefined
		}
	}
	return typeof value === "object" && value !== null && !Array.isArray(value)
		? (value as Record<string, unknown>)
		: {}
}

/**
 * Text for a tool result on wire formats whose tool messages carry one string and no images:
 * the images follow in a user message, and the text says so, so the model looks for them.
 */
export function toolResultText(result: ToolResultBlock): string {
	const text = joinText(result.content)
	const images = imagesOf(result.content).length
	const note =
		images === 0
			? ""
			: images === 1
				? "(An image of this result follows.)"
				: `(${images} images of this result follow.)`
	const body = [text, note].filter((part) => part !== "").join("\n\n")
	if (body === "") return result.isError ? "Error (no details)." : "(no output)"
	// These formats have no error flag, so the model is told in words.
	return result.isError ? `Error: ${body}` : body
}

/** Ids for tool calls from servers that send none (Ollama, some OpenAI-compatible servers). */
export function fallbackToolCallId(index: number): string {
	return `call_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}_${index}`
}

/**
 * The SDKs are imported on first use, not at load: together they take a few hundred
 * milliseconds to evaluate, which would otherwise land on the editor's activation.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
	let loaded: Promise<T> | undefined
	return () => {
		loaded ??= load().catch((error: unknown) => {
			loaded = undefined
			throw error
		})
		return loaded
	}
}

/**
 * A CommonJS package's exports from `import()`, found by one of them (`key`): Node and a
 * single-file bundle give them as named exports, the CLI's split bundle only as `default`.
 */
export function commonJsExports<T extends object>(loaded: T, key: keyof T): T {
	if (key in loaded) return loaded
	const whole = (loaded as { default?: T }).default
	if (whole === undefined || !(key in whole))
		throw new Error(`A package without "${String(key)}" was loaded`)
	return whole
}
