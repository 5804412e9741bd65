import type { PlannedReply } from "../reply.js"
import { totalPromptTokens } from "../reply.js"

// Ollama reports durations in nanoseconds. These are fixed, plausible figures (10 ms per
// token), so tests that print throughput get stable numbers.
const NS_PER_TOKEN = 10_000_000
const LOAD_NS = 1_000_000

function message(reply: PlannedReply, part: { content?: string; thinking?: string; withTools?: boolean }) {
	const msg: Record<string, unknown> = { role: "assistant", content: part.content ?? "" }
	if (part.thinking !== undefined) msg.thinking = part.thinking
	if (part.withTools) {
		msg.tool_calls = reply.toolCalls.map((call, index) => ({
			id: call.id,
			function: { index, name: call.name, arguments: call.argumentsValue },
		}))
	}
	return msg
}

function line(reply: PlannedReply, msg: Record<string, unknown>, final: boolean): Record<string, unknown> {
	const base: Record<string, unknown> = {
		model: reply.model,
		created_at: new Date().toISOString(),
		message: msg,
	}
	if (!final) return { ...base, done: false }
	const prompt = totalPromptTokens(reply.usage)
	const evalCount = reply.usage.outputTokens
	return {
		...base,
		done: true,
		// Ollama says "stop" after tool calls too; only a token limit is reported differently.
		done_reason: reply.stopReason === "max_tokens" ? "length" : "stop",
		total_duration: LOAD_NS + (prompt + evalCount) * NS_PER_TOKEN,
		load_duration: LOAD_NS,
		prompt_eval_count: prompt,
		prompt_eval_duration: prompt * NS_PER_TOKEN,
		eval_count: evalCount,
		eval_duration: evalCount * NS_PER_TOKEN,
	}
}

function ndjson(value: unknown): string {
	return JSON.stringify(value) + "\n"
}

export function ollamaStreamChunks(reply: PlannedReply): string[] {
	const chunks: string[] = []
	for (const thinking of reply.reasoningChunks)
		chunks.push(ndjson(line(reply, message(reply, { thinking }), false)))
	for (const content of reply.textChunks)
		chunks.push(ndjson(line(reply, message(reply, { content }), false)))
	// Ollama parses tool calls server-side and sends them whole, in one line, arguments as an object.
	if (reply.toolCalls.length > 0)
		chunks.push(ndjson(line(reply, message(reply, { withTools: true }), false)))
	chunks.push(ndjson(line(reply, message(reply, {}), true)))
	return chunks
}

export function ollamaChatResponse(reply: PlannedReply): unknown {
	const msg = message(reply, {
		content: reply.text,
		thinking: reply.reasoning === "" ? undefined : reply.reasoning,
		withTools: reply.toolCalls.length > 0,
	})
	return line(reply, msg, true)
}

export function ollamaMalformedChunk(reply: PlannedReply): string {
	return `{"model":${JSON.stringify(reply.model)},"created_at":"${new Date().toISOString()}","message":{"role":"assist\n`
}

export function ollamaStreamErrorChunk(_type: string | undefined, message: string | undefined): string {
	// Mid-stream, Ollama writes a line holding only `error`; ollama-js throws it as a plain Error.
	return ndjson({ error: message ?? "an error was encountered while running the model" })
}
