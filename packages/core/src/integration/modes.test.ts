import { lastToolResult, systemText, type RecordedRequest } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// Issue 17: a mode's file restriction holds when the edit tool runs, whatever the model was told.

const source = "export const a = 1\n"
const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Planned." } }] }
const editsAutoApproved = { autoApproval: { enabled: true, write: true, readOnly: true } }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

const chat = (a: AgentHarness) => a.server.requests.filter((r) => r.route === "chat")
const toolNamesOffered = (request: RecordedRequest | undefined) =>
	((request?.body as { tools?: { name: string }[] } | undefined)?.tools ?? []).map((t) => t.name)

describe("Architect mode against the model server", () => {
	it("is refused an edit of a .ts file and allowed one of a .md file", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: { "src/a.ts": source },
			settings: { mode: "architect", ...editsAutoApproved },
			scenario: [
				{
					toolCalls: [
						{ name: "write_to_file", arguments: { path: "src/a.ts", content: "hacked\n" } },
					],
				},
				{
					toolCalls: [
						{ name: "write_to_file", arguments: { path: "docs/plan.md", content: "# Plan\n" } },
					],
				},
				done,
			],
		})
		const a = agent
		await a.send({ type: "newTask", text: "plan the change" })
		await a.client.waitFor(
			(m) => m.messages.at(-1)?.ask === "completion_result" && m.messages.at(-1)?.partial !== true,
			"the completion",
		)

		const [first, afterTs, afterMd] = chat(a)
		expect(systemText(first?.body)).toContain("You are in Architect mode (architect).")
		expect(systemText(first?.body)).toContain("may only change Markdown files")
		expect(toolNamesOffered(first)).toContain("write_to_file")
		expect(toolNamesOffered(first)).not.toContain("execute_command")

		const refusal = lastToolResult(afterTs!)
		expect(refusal).toContain("Architect mode may only edit Markdown files")
		expect(refusal).toContain("\\.md$|\\.mdx$")
		expect(refusal).toContain("src/a.ts does not match")
		expect(await a.read("src/a.ts")).toBe(source)

		expect(lastToolResult(afterMd!)).not.toContain("may only edit")
		expect(await a.read("docs/plan.md")).toBe("# Plan\n")
	})
})
