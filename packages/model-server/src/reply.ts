import { splitIntoChunks } from "./chunking.js"
import type { Provider, ScriptedTurn, StopReason } from "./scenario.js"

export interface PlannedToolCall {
	id: string
	name: string
	/** Exactly the JSON text the streaming encoders send (possibly broken on purpose). */
	argumentsText: string
	argumentChunks: string[]
	/** The arguments as a value, for wire formats that carry an object (Ollama, non-streaming). */
	argumentsValue: unknown
}

export interface PlannedUsage {
	inputTokens: number
	outputTokens: number
	cacheCreationInputTokens: number
	cacheReadInputTokens: number
	/** Of `outputTokens`, those spent reasoning. */
	reasoningTokens: number
}

/** A scripted turn with every default resolved, ready for any of the encoders. */
export interface PlannedReply {
	/** Unique per server, so ids stay deterministic across runs. */
	sequence: number
	model: string
	reasoning: string
	reasoningChunks: string[]
	signature: string
	text: string
	textChunks: string[]
	toolCalls: PlannedToolCall[]
	usage: PlannedUsage
	stopReason: StopReason
}

// The Gemini API sends calls without ids unless the scenario names one.
const toolIdPrefix: Record<Provider, string | undefined> = {
	anthropic: "toolu_",
	openai: "call_",
	ollama: "call_",
	gemini: undefined,
	bedrock: "tooluse_",
}

function defaultToolId(provider: Provider, sequence: number, index: number): string {
	const prefix = toolIdPrefix[provider]
	return prefix === undefined ? "" : `${prefix}cairn${String(sequence).padStart(4, "0")}_${index}`
}

function estimateTokens(text: string): number {
	return Math.ceil(text.length / 4)
}

function requestPromptText(body: unknown): string {
	if (typeof body !== "object" || body === null) return ""
	const { system, messages, tools } = body as Record<string, unknown>
	return JSON.stringify({ system, messages, tools })
}

function parseOr(text: string): unknown {
	try {
		return JSON.parse(text)
	} catch {
		return text
	}
}

export function planReply(
	turn: ScriptedTurn,
	options: {
		provider: Provider
		sequence: number
		requestBody: unknown
		/**
		 * The input as the server counted it against its context window. A turn without scripted input
		 * then reports it, so usage and the window agree (cached tokens are part of it).
		 */
		countedInputTokens?: number
	},
): PlannedReply {
	const { provider, sequence, requestBody, countedInputTokens } = options
	const requestedModel = (requestBody as { model?: unknown } | undefined)?.model
	const text = turn.text ?? ""
	const reasoning = turn.reasoning ?? ""
	const toolCalls = (turn.toolCalls ?? []).map((call, i): PlannedToolCall => {
		const argumentsText =
			typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments)
		return {
			id: call.id ?? defaultToolId(provider, sequence, i),
			name: call.name,
			argumentsText,
			argumentChunks: splitIntoChunks(argumentsText, turn.argumentChunks ?? 1),
			argumentsValue: typeof call.arguments === "string" ? parseOr(call.arguments) : call.arguments,
		}
	})
	const outputText = reasoning + text + toolCalls.map((c) => c.name + c.argumentsText).join("")
	const cacheCreationInputTokens = turn.usage?.cacheCreationInputTokens ?? 0
	const cacheReadInputTokens = turn.usage?.cacheReadInputTokens ?? 0
	const counted =
		countedInputTokens === undefined
			? undefined
			: Math.max(0, countedInputTokens - cacheCreationInputTokens - cacheReadInputTokens)
	const outputTokens = turn.usage?.outputTokens ?? Math.max(1, estimateTokens(outputText))
	return {
		sequence,
		model: turn.model ?? (typeof requestedModel === "string" ? requestedModel : "cairn-test-model"),
		reasoning,
		reasoningChunks: splitIntoChunks(reasoning, turn.reasoningChunks ?? 1),
		signature: turn.reasoningSignature ?? "cairn-fake-signature",
		text,
		textChunks: splitIntoChunks(text, turn.textChunks ?? 1),
		toolCalls,
		usage: {
			inputTokens: turn.usage?.inputTokens ?? counted ?? estimateTokens(requestPromptText(requestBody)),
			outputTokens,
			cacheCreationInputTokens,
			cacheReadInputTokens,
			reasoningTokens: Math.min(outputTokens, turn.usage?.reasoningTokens ?? estimateTokens(reasoning)),
		},
		stopReason: turn.stopReason ?? (toolCalls.length > 0 ? "tool_use" : "end_turn"),
	}
}

/** Input as OpenAI and Ollama count it: cached tokens are part of the prompt. */
export function totalPromptTokens(usage: PlannedUsage): number {
	return usage.inputTokens + usage.cacheReadInputTokens + usage.cacheCreationInputTokens
}
