import { describe, expect, it } from "vitest"
import type { ApiMessage, UserMessage } from "../apiMessage.js"
import { OpenAiHistoryForms, toOpenAiMessages } from "./openaiMessages.js"

const user = (text: string): UserMessage => ({ role: "user", content: [{ type: "text", text }] })

describe("toOpenAiMessages", () => {
	const history: ApiMessage[] = [
		user("Write a file"),
		{
			role: "assistant",
			content: [
				{
					type: "tool_use",
					id: "call_1",
					name: "write_to_file",
					input: { path: "a.txt", content: "x" },
				},
			],
		},
		{
			role: "user",
			content: [
				{
					type: "tool_result",
					toolUseId: "call_1",
					content: [{ type: "text", text: "Created a.txt." }],
				},
			],
		},
	]

	it("sends the system prompt, the model's tool calls and their results as tool messages", () => {
		expect(toOpenAiMessages("Be careful.", history)).toEqual([
			{ role: "system", content: "Be careful." },
			{ role: "user", content: "Write a file" },
			{
				role: "assistant",
				content: null,
				tool_calls: [
					{
						id: "call_1",
						type: "function",
						function: { name: "write_to_file", arguments: '{"path":"a.txt","content":"x"}' },
					},
				],
			},
			{ role: "tool", tool_call_id: "call_1", content: "Created a.txt." },
		])
	})

	it("converts a past message once: the next request reuses its wire form", () => {
		const first = toOpenAiMessages("", history)
		const second = toOpenAiMessages("", history)
		second.forEach((wire, i) => expect(wire).toBe(first[i]))
	})

	it("converts a message again once it has gained blocks (a user message merged into)", () => {
		const messages: ApiMessage[] = [user("first")]
		expect(toOpenAiMessages("", messages)).toEqual([{ role: "user", content: "first" }])
		messages[0]!.content.push({ type: "text", text: "second" })
		expect(toOpenAiMessages("", messages)).toEqual([{ role: "user", content: "first\n\nsecond" }])
	})

	it("gives a provider's requests the forms of a history that grows, is merged into, cut short and rewound, as made afresh", () => {
		const forms = new OpenAiHistoryForms()
		const messages: ApiMessage[] = [...history]
		const steps: (() => void)[] = [
			() => messages.push({ role: "assistant", content: [{ type: "text", text: "Done." }] }),
			() => messages.push(user("Another")),
			() => messages.at(-1)!.content.push({ type: "text", text: "merged" }),
			() => messages.at(-1)!.content.splice(1),
			() => messages.splice(1),
			() => messages.push(history[1]!, history[2]!),
		]
		for (const step of [() => {}, ...steps]) {
			step()
			expect(forms.messages("Be careful.", messages)).toEqual(toOpenAiMessages("Be careful.", messages))
		}
		expect(forms.messages("", messages)).toEqual(toOpenAiMessages("", messages))
	})

	it("keeps the system prompt's message while the prompt is the same", () => {
		const forms = new OpenAiHistoryForms()
		const first = forms.messages("Be careful.", history)[0]
		expect(forms.messages("Be careful.", history)[0]).toBe(first)
		expect(forms.messages("Be brief.", history)[0]).toEqual({ role: "system", content: "Be brief." })
	})
})
