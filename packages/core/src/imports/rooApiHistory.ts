import type { ApiMessage, AssistantBlock, ImageBlock, TextBlock, UserBlock } from "../providers/apiMessage.js"
import { z } from "zod"

// Roo keeps a task's conversation with the model in `api_conversation_history.json`: an array of
// Anthropic message params (role, content as a string or blocks) with a `ts`, and markers of its
// own for condensed and truncated stretches. This turns it into Cairn's neutral API history.

const looseBlock = z.looseObject({ type: z.string() })
const rooApiMessageSchema = z.looseObject({
	role: z.enum(["user", "assistant"]).optional(),
	content: z.union([z.string(), z.array(looseBlock)]).optional(),
	ts: z.number().optional(),
	/** A standalone reasoning item (OpenAI's Responses API), not a message. */
	type: z.string().optional(),
	condenseId: z.string().optional(),
	condenseParent: z.string().optional(),
	truncationId: z.string().optional(),
	truncationParent: z.string().optional(),
})
export const rooApiHistorySchema = z.array(rooApiMessageSchema)
type RooApiMessage = z.infer<typeof rooApiMessageSchema>
type LooseBlock = z.infer<typeof looseBlock>

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined)

function textAndImages(block: LooseBlock): (TextBlock | ImageBlock)[] {
	if (block.type === "text" && str(block.text) !== undefined)
		return [{ type: "text", text: str(block.text) ?? "" }]
	if (block.type === "image") {
		const source = block.source as { type?: unknown; media_type?: unknown; data?: unknown } | undefined
		const mediaType = str(source?.media_type)
		const data = str(source?.data)
		if (source?.type === "base64" && mediaType?.startsWith("image/") && data !== undefined)
			return [{ type: "image", mediaType, data }]
	}
	return []
}

function userBlocks(content: LooseBlock[]): UserBlock[] {
	return content.flatMap((block): UserBlock[] => {
		if (block.type !== "tool_result") return textAndImages(block)
		const toolUseId = str(block.tool_use_id)
		if (toolUseId === undefined) return []
		const raw = block.content
		const inner =
			typeof raw === "string"
				? [{ type: "text" as const, text: raw }]
				: Array.isArray(raw)
					? raw.flatMap((b) =>
							looseBlock.safeParse(b).success ? textAndImages(b as LooseBlock) : [],
						)
					: []
		return [
			{
				type: "tool_result",
				toolUseId,
				content: inner,
				...(block.is_error === true && { isError: true }),
			},
		]
	})
}

function assistantBlocks(content: LooseBlock[]): AssistantBlock[] {
	return content.flatMap((block): AssistantBlock[] => {
		if (block.type === "text" && str(block.text) !== undefined)
			return [{ type: "text", text: str(block.text) ?? "" }]
		if (block.type === "thinking" && str(block.thinking) !== undefined)
			return [
				{
					type: "reasoning",
					text: str(block.thinking) ?? "",
					...(str(block.signature) !== undefined && { signature: str(block.signature) }),
				},
			]
		if (block.type === "tool_use" && str(block.id) !== undefined && str(block.name) !== undefined)
			return [
				{
					type: "tool_use",
					id: str(block.id) ?? "",
					name: str(block.name) ?? "",
					input: block.input ?? {},
				},
			]
		return []
	})
}

/** Messages a condense summary or a truncation marker that still exists hides from the model. */
function hidden(messages: RooApiMessage[]): (message: RooApiMessage) => boolean {
	const summaries = new Set(messages.flatMap((m) => (m.condenseId === undefined ? [] : [m.condenseId])))
	const markers = new Set(messages.flatMap((m) => (m.truncationId === undefined ? [] : [m.truncationId])))
	return (m) =>
		(m.condenseParent !== undefined && summaries.has(m.condenseParent)) ||
		(m.truncationParent !== undefined && markers.has(m.truncationParent))
}

/**
 * Roo's API history as Cairn's: what the model was last shown (stretches a summary replaced are
 * left out, the summary stays), roles alternating from a user message, and every tool call
 * answered (a call Roo never answered, because the task stopped there, is answered as interrupted).
 */
export function convertRooApiHistory(roo: RooApiMessage[]): ApiMessage[] {
	const isHidden = hidden(roo)
	const out: ApiMessage[] = []
	for (const message of roo) {
		if (message.role === undefined || message.type === "reasoning" || isHidden(message)) continue
		const blocks =
			typeof message.content === "string"
				? [{ type: "text", text: message.content }]
				: (message.content ?? [])
		const ts = message.ts === undefined ? {} : { ts: message.ts }
		const next: ApiMessage =
			message.role === "user"
				? { role: "user", content: userBlocks(blocks), ...ts }
				: { role: "assistant", content: assistantBlocks(blocks), ...ts }
		if (next.content.length === 0) continue
		const last = out.at(-1)
		if (last?.role === next.role) (last.content as unknown[]).push(...next.content)
		else if (out.length > 0 || next.role === "user") out.push(next)
	}
	return answerEveryCall(out)
}

function answerEveryCall(messages: ApiMessage[]): ApiMessage[] {
	const out: ApiMessage[] = []
	messages.forEach((message, index) => {
		if (message.role === "user") {
			// A result whose call is not in the assistant message before it is dropped with it.
			const before = out.at(-1)
			const calls = new Set(
				before?.role === "assistant"
					? before.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : []))
					: [],
			)
			const content = message.content.filter((b) => b.type !== "tool_result" || calls.has(b.toolUseId))
			if (content.length > 0) out.push({ ...message, content })
			return
		}
		out.push(message)
		const calls = message.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : []))
		if (calls.length === 0) return
		const reply = messages[index + 1]
		const answered = new Set(
			reply?.role === "user"
				? reply.content.flatMap((b) => (b.type === "tool_result" ? [b.toolUseId] : []))
				: [],
		)
		const missing = calls.filter((id) => !answered.has(id))
		if (missing.length === 0) return
		const results: UserBlock[] = missing.map((toolUseId) => ({
			type: "tool_result",
			toolUseId,
			content: [
				{
					type: "text",
					text: "The task was interrupted before this tool ran (imported from Roo Code).",
				},
			],
			isError: true,
		}))
		if (reply?.role === "user") reply.content.unshift(...results)
		else out.push({ role: "user", content: results })
	})
	return out
}
