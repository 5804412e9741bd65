import { access, readdir, rm, symlink } from "node:fs/promises"
import path from "node:path"
import { lastToolResult } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// Issue 13 item 2: the approval shows sub/x.txt inside the workspace; while it waits, `sub`
// becomes a link to a folder outside. The swap happens while the ask is open and before the
// test answers it, so the order is fixed: no race, no timing.

const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("a folder swapped for a link while the write approval waits", () => {
	it.each([
		[
			"write_to_file (a new file)",
			{ name: "write_to_file", arguments: { path: "sub/x.txt", content: "payload\n" } },
		],
		[
			"apply_diff (an existing file)",
			{
				name: "apply_diff",
				arguments: {
					path: "sub/x.txt",
					diff: "<<<<<<< SEARCH\nold\n=======\npayload\n>>>>>>> REPLACE",
				},
			},
		],
	])("%s: Approve writes nothing outside and says why", async (_, call) => {
		const existing = call.name === "apply_diff"
		agent = await startAgent({
			provider: "anthropic",
			files: existing ? { "sub/x.txt": "old\n" } : { "sub/.keep": "" },
			outsideFiles: existing ? { "x.txt": "old\n" } : { "unrelated.txt": "" },
			scenario: [{ toolCalls: [call] }, done],
		})
		const outside = path.join(path.dirname(agent.workspace), "outside")
		const before = (await readdir(outside)).sort()
		await agent.send({ type: "newTask", text: "write sub/x.txt" })
		await agent.client.waitForAsk("tool")
		expect(JSON.parse(agent.client.messages.at(-1)?.text ?? "{}")).toMatchObject({ path: "sub/x.txt" })

		await rm(path.join(agent.workspace, "sub"), { recursive: true })
		await symlink(outside, path.join(agent.workspace, "sub"))
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")

		expect((await readdir(outside)).sort()).toEqual(before)
		if (existing) expect(await agent.read("sub/x.txt")).toBe("old\n")
		else await expect(access(path.join(outside, "x.txt"))).rejects.toThrow()
		const refusal = /Refused to save sub\/x\.txt: the path now leads to .*outside.*Nothing was written/
		const result = lastToolResult(agent.server.requests.filter((r) => r.route === "chat")[1]!)
		expect(result).toMatch(refusal)
		expect(agent.client.says("error").map((m) => m.text)).toEqual([expect.stringMatching(refusal)])
	})
})
