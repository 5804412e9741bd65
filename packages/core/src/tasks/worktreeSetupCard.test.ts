import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"
import { BoardMirror } from "../test-support/boardMirror.js"
import { plainGit as git } from "../test-support/plainGit.js"

// A worktree whose repository setup (.cairn/worktree.json) did not run as written says so on its
// card, not only in the worktree's record: real git, real worktrees, the setup run for real.

const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

/** The card of a task started in a worktree of a repository whose setup file is `config`. */
async function cardWithSetup(config: string, agreed: boolean) {
	agent = await startAgent({
		provider: "anthropic",
		files: { ".cairn/worktree.json": config, "README.md": "main\n" },
		scenario: [done],
		askConsent: async () => agreed,
	})
	git(agent.workspace, "init", "-q", "-b", "main")
	git(agent.workspace, "add", "-A")
	git(agent.workspace, "commit", "-qm", "first")
	const board = new BoardMirror()
	agent.controller.attach(board.receive)
	await agent.controller.handleWebviewMessage(
		{ type: "startBoardTask", text: "set up", place: { kind: "worktree" } },
		board.receive,
	)
	await board.waitForState("set up", "done")
	return board.card(board.idOf("set up"))
}

describe("a worktree's setup on its card", { timeout: 30_000 }, () => {
	it("says the setup was refused when the person did not agree to it", async () => {
		const card = await cardWithSetup(JSON.stringify({ setup: "exit 0" }), false)
		expect(card.worktree?.setup).toEqual({ outcome: "notAllowed" })
	})

	it("says the setup failed, with its command's exit code", async () => {
		const card = await cardWithSetup(JSON.stringify({ setup: "exit 3" }), true)
		expect(card.worktree?.setup).toEqual({ outcome: "failed", exitCode: 3 })
	})

	it("says the setup file is invalid", async () => {
		const card = await cardWithSetup(JSON.stringify({ setup: "exit 0", unknown: true }), true)
		expect(card.worktree?.setup).toEqual({ outcome: "invalid" })
	})

	it("says nothing of a setup that ran", async () => {
		const card = await cardWithSetup(JSON.stringify({ setup: "exit 0" }), true)
		expect(card.worktree).toBeDefined()
		expect(card.worktree?.setup).toBeUndefined()
	})
})
