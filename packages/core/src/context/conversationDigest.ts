import type { ApiMessage, AssistantBlock, UserBlock } from "../providers/apiMessage.js"
import { withoutEnvironmentDetails } from "./environmentDetails.js"
import type { TokenCounter } from "./tokenCounter.js"

// Enough of each tool exchange for a summary to say what happened; the files can be read again.
const maxArgumentChars = 1_500
const resultHeadChars = 3_000
const resultTailChars = 1_000

function clip(text: string, head: number, tail = 0): string {
	if (text.length <= head + tail) return text
	const cut = text.length - head - tail
	return `${text.slice(0, head)}\n[... ${cut} characters left out ...]${tail > 0 ? `\n${text.slice(-tail)}` : ""}`
}

function userEntry(block: UserBlock, toolNames: ReadonlyMap<string, string>): string | undefined {
	switch (block.type) {
		case "text": {
			const text = withoutEnvironmentDetails(block.text)
			return text ? `USER: ${text}` : undefined
		}
		case "image":
			return "USER: [an image]"
		case "tool_result": {
			const text = block.content
				.map((part) => (part.type === "text" ? part.text : "[an image]"))
				.join("\n")
			const name = toolNames.get(block.toolUseId) ?? "a tool"
			return `RESULT of ${name}${block.isError ? " (failed)" : ""}:\n${clip(text, resultHeadChars, resultTailChars)}`
		}
	}
}

function assistantEntry(block: AssistantBlock): string | undefined {
	switch (block.type) {
		case "text":
			return block.text.trim() ? `ASSISTANT: ${block.text.trim()}` : undefined
		case "reasoning":
			return undefined
		case "tool_use": {
			const args = typeof block.input === "string" ? block.input : JSON.stringify(block.input)
			return `ASSISTANT called ${block.name}: ${clip(args, maxArgumentChars)}`
		}
	}
}

/** The messages as plain text, one entry per block, oldest first. */
export function digestEntries(messages: readonly ApiMessage[]): string[] {
	const toolNames = new Map<string, string>()
	const entries: string[] = []
	for (const message of messages) {
		for (const block of message.content) {
			if (block.type === "tool_use") toolNames.set(block.id, block.name)
			const entry =
				message.role === "user"
					? userEntry(block as UserBlock, toolNames)
					: assistantEntry(block as AssistantBlock)
			if (entry !== undefined) entries.push(entry)
		}
	}
	return entries
}

/**
 * The part of the conversation to summarize, as text that fits `budget` tokens: the previous
 * summary (itself clipped to a third of the budget), then the newest entries that fit, with a
 * note where older ones had to be left out. Tool calls become text, so the summarization
 * request needs no tool definitions and no provider can refuse it for unpaired tool blocks.
 */
export function conversationDigest(
	options: { previousSummary?: string; messages: readonly ApiMessage[]; budget: number },
	counter: TokenCounter,
): string {
	const parts: string[] = []
	let room = options.budget
	if (options.previousSummary !== undefined) {
		let previous = options.previousSummary
		const third = Math.floor(options.budget / 3)
		if (counter.text(previous) > third) previous = clip(previous, third * 3)
		parts.push(`SUMMARY OF THE CONVERSATION BEFORE THIS POINT:\n${previous}`)
		room -= counter.text(parts[0] ?? "")
	}
	const entries = digestEntries(options.messages)
	const kept: string[] = []
	for (let i = entries.length - 1; i >= 0; i--) {
		const entry = entries[i] ?? ""
		const tokens = counter.text(entry) + 2
		if (tokens > room) {
			kept.unshift(`[${i + 1} earlier entr${i === 0 ? "y was" : "ies were"} too long to include here]`)
			break
		}
		room -= tokens
		kept.unshift(entry)
	}
	return [...parts, ...kept].join("\n\n")
}
