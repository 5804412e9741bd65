import type { RecordedRequest } from "@cairn/model-server"
import { expect } from "vitest"

interface AnthropicBlock {
	type: string
	id?: string
	tool_use_id?: string
	is_error?: boolean
	content?: string | { type: string; text?: string }[]
}
type AnthropicMessage = { role: string; content: string | AnthropicBlock[] }

const messagesOf = (request: RecordedRequest | undefined): AnthropicMessage[] =>
	(request?.body as { messages: AnthropicMessage[] } | undefined)?.messages ?? []

/** The Messages API rejects a history where a tool_use is not answered in the next user message. */
export function expectPairedToolUses(request: RecordedRequest | undefined): void {
	const messages = messagesOf(request)
	expect(messages.length).toBeGreaterThan(0)
	for (let i = 0; i < messages.length; i++) {
		const message = messages[i]
		if (message?.role !== "assistant" || typeof message.content === "string") continue
		const uses = message.content.filter((b) => b.type === "tool_use").map((b) => b.id)
		const next = messages[i + 1]
		const answered =
			typeof next?.content === "string"
				? []
				: (next?.content ?? []).filter((b) => b.type === "tool_result").map((b) => b.tool_use_id)
		expect(answered, `tool results after message ${i}`).toEqual(expect.arrayContaining(uses))
	}
	const roles = messages.map((m) => m.role)
	expect(
		roles.every((role, i) => i === 0 || role !== roles[i - 1]),
		`alternating roles: ${roles.join(",")}`,
	).toBe(true)
}

/** Every tool_result an Anthropic request sends, in order: its text and whether it is an error. */
export function toolResultsOf(request: RecordedRequest | undefined): { text: string; isError: boolean }[] {
	return messagesOf(request).flatMap((message) =>
		typeof message.content === "string"
			? []
			: message.content
					.filter((block) => block.type === "tool_result")
					.map((block) => ({
						text:
							typeof block.content === "string"
								? block.content
								: (block.content ?? []).map((c) => c.text ?? "").join("\n"),
						isError: block.is_error === true,
					})),
	)
}
