import Anthropic from "@anthropic-ai/sdk"
import OpenAI from "openai"
import { describe, expect, it } from "vitest"
import { concurrentConversations } from "./conversation.js"
import { useModelServers } from "./test-support/servers.js"

const start = useModelServers()

const text = (message: Anthropic.Message) =>
	message.content.map((b) => (b.type === "text" ? b.text : "")).join("")

describe("concurrent conversations", () => {
	it("answer each conversation from its own script, whatever order their requests come in", async () => {
		const server = await start({
			sideTurns: concurrentConversations({
				"task A": [{ text: "A1" }, { text: "A2" }],
				"task B": [{ text: "B1" }, { text: "B2" }],
			}),
		})
		const client = new Anthropic({
			apiKey: "k",
			baseURL: server.anthropicBaseURL,
			maxRetries: 0,
			logLevel: "off",
		})
		const ask = async (first: string, answered: string[]) => {
			const messages: Anthropic.MessageParam[] = [{ role: "user", content: `<task>${first}</task>` }]
			for (const answer of answered)
				messages.push({ role: "assistant", content: answer }, { role: "user", content: "next" })
			return text(await client.messages.create({ model: "m", max_tokens: 10, messages }))
		}
		expect(await ask("task B", [])).toBe("B1")
		expect(await ask("task A", [])).toBe("A1")
		expect(await ask("task A", ["A1"])).toBe("A2")
		expect(await ask("task B", ["B1"])).toBe("B2")
		expect(await ask("task B", ["B1", "B2"])).toBe("The scripted conversation has no turn 3 (it has 2).")
	})

	it("recognise a conversation by its first user message in the OpenAI format too", async () => {
		const server = await start({
			sideTurns: concurrentConversations({ "task A": [{ text: "A1" }, { text: "A2" }] }),
		})
		const client = new OpenAI({ apiKey: "k", baseURL: server.openaiBaseURL, maxRetries: 0 })
		const answer = await client.chat.completions.create({
			model: "m",
			messages: [
				{ role: "system", content: "You are Cairn." },
				{ role: "user", content: "task A" },
				{ role: "assistant", content: "A1" },
				{ role: "user", content: "go on" },
			],
		})
		expect(answer.choices[0]?.message.content).toBe("A2")
	})
})
