import type { RecordedRequest, ScriptedTurn } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// Issue 20: the environment details' state (mode, open files, problems, todo list, time) goes to
// the model once, then again only when it changes; every later request still carries it, in the
// conversation it resends.

const call = (name: string, args: Record<string, unknown>): ScriptedTurn => ({
	toolCalls: [{ name, arguments: args }],
})
const listFiles = call("list_files", { path: "." })

const detailsBlocks = (request: RecordedRequest | undefined): string[] =>
	[
		...JSON.stringify(request?.body ?? {}).matchAll(/<environment_details>(.*?)<\/environment_details>/g),
	].map((match) => JSON.parse(`"${match[1]}"`) as string)

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("environment details over a task", () => {
	it("the first request says the mode and the todo list; later ones repeat them only when they change", async () => {
		agent = await startAgent({
			provider: "openai",
			settings: { autoApproval: { enabled: true, readOnly: true } },
			scenario: [
				listFiles,
				call("update_todo_list", { todos: "- [ ] Look around" }),
				listFiles,
				call("attempt_completion", { result: "Done." }),
			],
		})
		await agent.send({ type: "newTask", text: "look around" })
		await agent.client.waitForAsk("completion_result")

		const requests = agent.server.requests.filter((r) => r.route === "chat")
		expect(requests).toHaveLength(4)
		const blocks = requests.map(detailsBlocks)
		const modeSaid = (block: string | undefined) => block?.includes("# Mode\ncode") === true
		expect(blocks[0]).toHaveLength(1)
		expect(modeSaid(blocks[0]?.[0])).toBe(true)
		// The first block is resent with the conversation; no later block says the mode again.
		for (const sent of blocks) expect(sent.filter(modeSaid)).toHaveLength(1)
		// The todo list is new after the second answer, and said once.
		const todoSaid = (block: string) => block.includes("# Todo list (0/1 done)")
		expect(blocks[2]?.filter(todoSaid)).toHaveLength(1)
		expect(blocks[3]?.filter(todoSaid)).toHaveLength(1)
	})
})
