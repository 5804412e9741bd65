import type { TextBlock, ToolResultBlock, UserBlock } from "../providers/apiMessage.js"
import { TokenCounter } from "./tokenCounter.js"

function note(shownLines: number, totalLines: number, shownTokens: number, totalTokens: number): string {
	return (
		`\n\n[Cut to fit the model's context window: this shows the first ${shownLines} of ${totalLines} ` +
		`lines of the result (about ${shownTokens} of ${totalTokens} tokens). Read on in parts: for a ` +
		`file, read_file with start_line just after the last line shown and an end_line; otherwise ` +
		`search_files for what you need, or a command that prints less (head, tail, grep).]`
	)
}

/** The head of `text` that fits in `cap` tokens, cut at a line end where there is one. */
function headWithin(text: string, cap: number, counter: TokenCounter): string {
	const total = counter.text(text)
	let length = Math.floor((text.length * cap) / Math.max(1, total))
	for (;;) {
		const lineEnd = text.lastIndexOf("\n", length)
		const head = text.slice(0, lineEnd > length / 2 ? lineEnd : length)
		if (counter.text(head) <= cap || head.length === 0) return head
		length = Math.floor(head.length * 0.9)
	}
}

function resultText(block: ToolResultBlock): string {
	const texts = block.content.filter((part): part is TextBlock => part.type === "text")
	return texts.map((part) => part.text).join("\n")
}

function capResult(block: ToolResultBlock, cap: number, counter: TokenCounter): ToolResultBlock {
	const text = resultText(block)
	const tokens = counter.text(text)
	if (tokens <= cap) return block
	// The note takes room too; what is left of the cap is for the head.
	const head = headWithin(text, Math.max(64, cap - 120), counter)
	const shownLines = head.split("\n").length
	const totalLines = text.split("\n").length
	const capped = head + note(shownLines, totalLines, counter.text(head), tokens)
	const images = block.content.filter((part) => part.type !== "text")
	return { ...block, content: [{ type: "text", text: capped }, ...images] }
}

/**
 * Tool results as they enter the history: one that alone would take more than `cap` tokens
 * keeps its head and says how to read on. A result is sent with every later request until it
 * is condensed away, so one huge read would otherwise crowd out the whole conversation.
 */
export function capToolResults(
	blocks: readonly UserBlock[],
	cap: number,
	counter: TokenCounter,
): UserBlock[] {
	return blocks.map((block) => (block.type === "tool_result" ? capResult(block, cap, counter) : block))
}

/**
 * Whether capToolResults would leave every result as it is, told without the tokenizer: true
 * when each result's text holds no more bytes than `cap` (a token is at least a byte). False
 * only means the tokens must be counted.
 */
export function resultsSurelyUnderCap(blocks: readonly UserBlock[], cap: number): boolean {
	const bound = TokenCounter.upperBound()
	return blocks.every((block) => block.type !== "tool_result" || bound.text(resultText(block)) <= cap)
}
