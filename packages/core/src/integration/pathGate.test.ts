import { lastToolResult } from "@cairn/model-server"
import type { ClineMessage, ClineSayTool } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// Issue 13 item 1: every tool's paths go through one gate. With reads auto-approved but reads
// outside the workspace not, nothing about a file outside may reach the model before a person
// said yes: not its lines, not a closest match, not "found", not its length, not even whether
// it exists.

const keyLines = Array.from({ length: 7 }, (_, i) => `FAKEKEY-${i + 1}-${"qwertyuiop".slice(i)}`)
const key = `${keyLines.join("\n")}\n`
const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }
const readsAutoApproved = { autoApproval: { enabled: true, readOnly: true, readOnlyOutsideWorkspace: false } }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

/** Everything tools told the model (the model's own arguments may well contain the key: write_to_file). */
const toolResults = (a: AgentHarness) =>
	a.server.requests
		.filter((r) => r.route === "chat")
		.slice(1)
		.map((r) => lastToolResult(r) ?? "")

const lastAsk = (a: AgentHarness): ClineMessage | undefined => a.client.messages.at(-1)

/** Runs one call, rejects every ask it makes, and returns the asks it made before anything else. */
async function runRejecting(call: { name: string; arguments: Record<string, unknown> }) {
	agent = await startAgent({
		provider: "anthropic",
		outsideFiles: { "key.txt": key },
		settings: readsAutoApproved,
		scenario: [{ toolCalls: [call] }, done],
	})
	const a = agent
	await a.send({ type: "newTask", text: "look at the key" })
	const asks: ClineSayTool[] = []
	for (;;) {
		await a.client.waitFor(
			(m) =>
				m.messages.at(-1)?.partial !== true &&
				(m.messages.at(-1)?.ask === "tool" || m.messages.at(-1)?.ask === "completion_result"),
			"an approval or the end",
		)
		const ask = lastAsk(a)
		if (ask?.ask === "completion_result") break
		asks.push(JSON.parse(ask?.text ?? "{}") as ClineSayTool)
		await a.press("secondary")
		await a.client.waitFor((m) => m.messages.at(-1)?.ts !== ask?.ts, "the answer to land")
	}
	return { asks, toolResult: lastToolResult(a.server.requests.filter((r) => r.route === "chat")[1]!) }
}

const outsideCalls: [string, { name: string; arguments: Record<string, unknown> }][] = [
	[
		"apply_diff (closest match)",
		{
			name: "apply_diff",
			arguments: {
				path: "../outside/key.txt",
				diff: "<<<<<<< SEARCH\nFAKEKEY-3-x\n=======\nnothing\n>>>>>>> REPLACE",
			},
		},
	],
	[
		"search_and_replace (found / not found)",
		{
			name: "search_and_replace",
			arguments: { path: "../outside/key.txt", search: "FAKEKEY-9", replace: "x" },
		},
	],
	[
		"insert_content (its length)",
		{ name: "insert_content", arguments: { path: "../outside/key.txt", line: 99, content: "x" } },
	],
	[
		"write_to_file (same content or not)",
		{ name: "write_to_file", arguments: { path: "../outside/key.txt", content: key } },
	],
	["list_files", { name: "list_files", arguments: { path: "../outside" } }],
	["search_files", { name: "search_files", arguments: { path: "../outside", regex: "FAKEKEY" } }],
	["read_file (whether it exists)", { name: "read_file", arguments: { path: "../outside/missing.txt" } }],
]

describe("the path gate, reads auto-approved but not outside the workspace", () => {
	it.each(outsideCalls)(
		"%s asks before anything about the outside file reaches the model",
		async (_, call) => {
			const { asks, toolResult } = await runRejecting(call)
			expect(asks[0]).toMatchObject({ isOutsideWorkspace: true })
			expect(["readFile", "listFilesTopLevel", "searchFiles"]).toContain(asks[0]?.tool)
			expect(toolResult).toMatch(/denied (reading|listing|searching)/)
			const sent = toolResults(agent!).join("\n")
			for (const line of keyLines) expect(sent).not.toContain(line)
			expect(sent).not.toMatch(/key\.txt"?[^"]*(not found|past the end|already has|does not exist)/)
			expect(sent).not.toContain("missing.txt does not exist")
		},
	)
})

describe("ignored files, through a folder outside the workspace that holds it", () => {
	const setup = (call: { name: string; arguments: Record<string, unknown> }) =>
		startAgent({
			provider: "anthropic",
			files: {
				".cairnignore": "secrets/\n",
				"secrets/ignored-name.txt": "SECRET-VALUE-42\n",
				"ok.txt": "fine\n",
			},
			settings: { autoApproval: { enabled: true, readOnly: true, readOnlyOutsideWorkspace: true } },
			scenario: [{ toolCalls: [call] }, done],
		})

	it.each([
		["list_files", { name: "list_files", arguments: { path: "..", recursive: true } }],
		["search_files", { name: "search_files", arguments: { path: "..", regex: "SECRET[-]VALUE|fine" } }],
	])("%s does not show them", async (_, call) => {
		agent = await setup(call)
		await agent.send({ type: "newTask", text: "look around" })
		await agent.client.waitForAsk("completion_result")
		const result = lastToolResult(agent.server.requests.filter((r) => r.route === "chat")[1]!)
		// The listing did happen (ok.txt is there); only the ignored file is missing from it.
		expect(result).toMatch(/workspace\/ok\.txt/)
		expect(result).not.toMatch(/ignored-name|SECRET-VALUE-42/)
	})
})
