import type { ApiMessage } from "../providers/apiMessage.js"
import { requestCost } from "../providers/cost.js"
import type { ApiUsageChunk, ModelProvider } from "../providers/modelProvider.js"
import { ProviderError } from "../providers/providerError.js"
import { streamRequest } from "../providers/streamRequest.js"
import { conversationDigest } from "./conversationDigest.js"
import { contextBudget } from "./contextBudget.js"
import type { TokenCounter } from "./tokenCounter.js"

/** Found by the model server's side turns in tests; say it once, in the prompt's first line. */
export const summarizationMarker = "You condense a coding agent's conversation"

function systemPrompt(words: number): string {
	return [
		`${summarizationMarker} so that the agent can carry on its task without the full transcript.`,
		"Write a summary the agent will read in place of everything below. Keep every fact it needs to continue:",
		"1. The task and any requirements or preferences the user stated, in their words where it matters.",
		"2. What has been done: files read (with the details that matter: names, signatures, line numbers), files changed and how, commands run and their outcomes.",
		"3. Decisions made and why; problems hit and how they were solved or left.",
		"4. Where the work stands now and the next steps that were planned.",
		"Files may have changed since they were read: say which were read, not their full content.",
		`Use at most ${words} words. Answer with the summary only, no preamble, and call no tools.`,
	].join("\n")
}

export interface Summary {
	text: string
	usage: Omit<ApiUsageChunk, "type">
	cost: number
}

/** Answers of at most a tenth of the usable window, and never long for a huge one. */
function wordsFor(provider: ModelProvider): number {
	const { usable } = contextBudget(provider.model.info, 100)
	return Math.max(150, Math.min(2_000, Math.floor((usable * 0.1) / 1.4)))
}

/**
 * One summarization request: the older part of the conversation (and the previous summary)
 * becomes one text. Throws a ProviderError when the provider fails or answers with nothing.
 */
export async function summarizeConversation(options: {
	provider: ModelProvider
	previousSummary?: string
	messages: readonly ApiMessage[]
	counter: TokenCounter
	idleTimeoutMs: number
	signal: AbortSignal
	/** What the request spent once it ends, failed or cancelled too, when the provider answered at all. */
	spent: (usage: Omit<ApiUsageChunk, "type">, cost: number) => void
}): Promise<Summary> {
	const { provider, counter } = options
	const prompt = systemPrompt(wordsFor(provider))
	const { usable } = contextBudget(provider.model.info, 100)
	const digest = conversationDigest(
		{
			...(options.previousSummary !== undefined && { previousSummary: options.previousSummary }),
			messages: options.messages,
			budget: Math.max(500, usable - counter.text(prompt) - 600),
		},
		counter,
	)
	let text = ""
	let usage: Omit<ApiUsageChunk, "type"> = { inputTokens: 0, outputTokens: 0 }
	let answered = false
	const call = streamRequest(
		provider,
		{
			systemPrompt: prompt,
			messages: [
				{
					role: "user",
					content: [
						{
							type: "text",
							text: `${digest}\n\nWrite the summary of the conversation above now.`,
						},
					],
				},
			],
			tools: [],
		},
		{ signal: options.signal, idleTimeoutMs: options.idleTimeoutMs },
	)
	try {
		for await (const chunk of call.stream) {
			answered = true
			if (chunk.type === "text") text += chunk.text
			else if (chunk.type === "usage") {
				const { type: _type, ...counts } = chunk
				usage = counts
			}
		}
		// Some SDK streams end quietly when aborted: a cut summary must not pass for a whole one.
		if (call.signal.aborted) throw toError(call.signal.reason)
	} finally {
		call.release()
		if (answered) options.spent(usage, requestCost(provider.model.info, usage))
	}
	if (text.trim() === "")
		throw new ProviderError("malformed_response", "The model answered with an empty summary.")
	return { text: text.trim(), usage, cost: requestCost(provider.model.info, usage) }
}

const toError = (reason: unknown): Error =>
	reason instanceof Error ? reason : new ProviderError("aborted", "The summarization request was stopped.")
