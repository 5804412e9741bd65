import type { ApiMessage, AssistantBlock, UserBlock } from "../providers/apiMessage.js"
import type { ToolSpec } from "../providers/modelProvider.js"
import { SeenHistory } from "../providers/seenHistory.js"

/**
 * Token estimates of what Cairn sends, by one rule that the model server counts by too:
 * a request is its system prompt, plus 3 per message and its parts, plus each tool's name,
 * description and JSON schema. A text is its BPE tokens (cl100k: no provider publishes a local
 * tokenizer for today's models, and one real BPE is far closer than characters / 4); an image
 * is 1,000 flat; a tool call its name and JSON arguments; a tool result 3 plus its content.
 * The provider's reported usage corrects the estimate (see ContextLedger).
 */
export interface RequestShape {
	systemPrompt: string
	messages: readonly ApiMessage[]
	tools: readonly ToolSpec[]
}

type CountText = (text: string) => number

const perMessage = 3
const perToolResult = 3
export const imageTokens = 1_000

/**
 * BPE merges within one pre-token cost the square of its length: a 400 kB run of letters (a
 * data blob, a minified line) took minutes whole. Counted in slices, it takes milliseconds and
 * over-counts by a token per slice at most.
 */
const chunkChars = 4_096

let loading: Promise<TokenCounter> | undefined
let bound: TokenCounter | undefined
let approximateCounter: TokenCounter | undefined

export class TokenCounter {
	private lastSystemPrompt = ""
	private lastSystemPromptTokens = 0
	// Blocks never change once in the history, so each is counted once however long the task runs.
	private readonly blockTokens = new WeakMap<object, number>()
	private readonly toolListTokens = new WeakMap<readonly ToolSpec[], number>()
	// A mode's tool list is a new array each turn, of the same specs.
	private readonly toolTokens = new WeakMap<ToolSpec, number>()
	// By history array: a task's history is one array that grows (its view for the model, once
	// condensed, a new array at each change), and a counter serves every task.
	private readonly seenHistories = new WeakMap<readonly ApiMessage[], SeenHistory<number> | null>()

	private constructor(private readonly countText: CountText) {}

	/**
	 * A counter that never counts less than the tokenizer: a text's UTF-8 bytes (every cl100k token
	 * stands for at least one byte). It needs no tables, so a request far from the window's limit
	 * is known to fit without loading the tokenizer (~28 MB of memory).
	 */
	static upperBound(): TokenCounter {
		bound ??= new TokenCounter((text) => Buffer.byteLength(text, "utf8"))
		return bound
	}

	/**
	 * A counter by the rule of thumb of four characters a token, for figures shown as estimates
	 * (a request's usage while its provider has not reported it): it needs no tables, and a
	 * figure that is marked as an estimate may be off by as much as that rule is.
	 */
	static approximate(): TokenCounter {
		approximateCounter ??= new TokenCounter((text) => Math.ceil(text.length / 4))
		return approximateCounter
	}

	/** The tokenizer costs ~100 ms to load, so it loads at the first request that needs it. */
	static load(): Promise<TokenCounter> {
		loading ??= import("gpt-tokenizer/encoding/cl100k_base").then(({ countTokens }) => {
			// A file the model reads may contain "<|endoftext|>": it is text here, never a control token.
			const options = { disallowedSpecial: new Set<string>() }
			return new TokenCounter((text) => {
				let tokens = 0
				for (let i = 0; i < text.length; i += chunkChars)
					tokens += countTokens(text.slice(i, i + chunkChars), options)
				return tokens
			})
		})
		return loading
	}

	text(text: string): number {
		return this.countText(text)
	}

	block(block: UserBlock | AssistantBlock): number {
		const cached = this.blockTokens.get(block)
		if (cached !== undefined) return cached
		const tokens = this.uncachedBlock(block)
		this.blockTokens.set(block, tokens)
		return tokens
	}

	message(message: ApiMessage): number {
		let tokens = perMessage
		for (const block of message.content) tokens += this.block(block)
		return tokens
	}

	/**
	 * A task's history is counted at every request: from its second count on, an array's running
	 * count is kept for the messages that stay (a view counted once, as a condense tries them, is
	 * only counted).
	 */
	messages(messages: readonly ApiMessage[]): number {
		const seen = this.seenHistories.get(messages)
		if (seen === undefined) {
			this.seenHistories.set(messages, null)
			let tokens = 0
			for (const message of messages) tokens += this.message(message)
			return tokens
		}
		const kept = seen ?? new SeenHistory<number>()
		if (seen === null) this.seenHistories.set(messages, kept)
		return kept.fold(messages, (message, before = 0) => before + this.message(message)) ?? 0
	}

	tools(tools: readonly ToolSpec[]): number {
		const cached = this.toolListTokens.get(tools)
		if (cached !== undefined) return cached
		let tokens = 0
		for (const tool of tools) {
			let own = this.toolTokens.get(tool)
			if (own === undefined) {
				own =
					this.countText(tool.name) +
					this.countText(tool.description) +
					this.countText(JSON.stringify(tool.inputSchema))
				this.toolTokens.set(tool, own)
			}
			tokens += own
		}
		this.toolListTokens.set(tools, tokens)
		return tokens
	}

	systemPrompt(text: string): number {
		if (text !== this.lastSystemPrompt) {
			this.lastSystemPrompt = text
			this.lastSystemPromptTokens = this.countText(text)
		}
		return this.lastSystemPromptTokens
	}

	request(request: RequestShape): number {
		return (
			this.systemPrompt(request.systemPrompt) +
			this.messages(request.messages) +
			this.tools(request.tools)
		)
	}

	private uncachedBlock(block: UserBlock | AssistantBlock): number {
		switch (block.type) {
			case "text":
			case "reasoning":
				return this.countText(block.text)
			case "image":
				return imageTokens
			case "tool_use":
				return (
					this.countText(block.name) +
					this.countText(
						typeof block.input === "string" ? block.input : JSON.stringify(block.input ?? {}),
					)
				)
			case "tool_result": {
				let tokens = perToolResult
				for (const part of block.content) tokens += this.block(part)
				return tokens
			}
		}
	}
}
