import { mkdir, realpath, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

/** Plays an editor: records what the host was asked to open. */
async function agentWithEditor(): Promise<{ agent: AgentHarness; opened: [string, number | undefined][] }> {
	const started = await startAgent({ provider: "anthropic", files: { "src/app.ts": "one\ntwo\n" } })
	const opened: [string, number | undefined][] = []
	Object.assign(started.controller.host, {
		openFile: async (absolute: string, line?: number) => void opened.push([absolute, line]),
	})
	return { agent: started, opened }
}

const errorsOf = (harness: AgentHarness) =>
	harness.client.received.filter((m) => m.type === "error" && m.inReplyTo === "openFile")

describe("a path clicked in a row", () => {
	it("opens the workspace file, at the line when given", async () => {
		const setup = await agentWithEditor()
		agent = setup.agent
		await agent.send({ type: "openFile", path: "src/app.ts", line: 2 })
		expect(setup.opened).toEqual([[path.join(await realpath(agent.workspace), "src/app.ts"), 2]])
		expect(errorsOf(agent)).toEqual([])
	})

	it("refuses a path outside the workspace, through .. or a symlink, and a file that is gone", async () => {
		const setup = await agentWithEditor()
		agent = setup.agent
		const outside = path.join(path.dirname(agent.workspace), "secret.txt")
		await writeFile(outside, "secret")
		await mkdir(path.join(agent.workspace, "links"), { recursive: true })
		await symlink(outside, path.join(agent.workspace, "links/secret.txt"))
		for (const target of ["../secret.txt", outside, "links/secret.txt", "src/missing.ts", "src"])
			await agent.send({ type: "openFile", path: target })
		expect(setup.opened).toEqual([])
		expect(errorsOf(agent).map((m) => (m.type === "error" ? m.error : ""))).toEqual([
			"../secret.txt is not a file in the workspace.",
			`${outside} is not a file in the workspace.`,
			"links/secret.txt is not a file in the workspace.",
			"src/missing.ts does not exist (any more).",
			"src is not a file.",
		])
	})
})
