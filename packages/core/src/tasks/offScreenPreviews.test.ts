import { afterEach, describe, expect, it } from "vitest"
import type { ProposedEdit } from "../host/Host.js"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"
import { BoardMirror, boardClient } from "../test-support/boardMirror.js"

// A task the chat does not show (started from the board) must not open its proposed edits in the
// editor in front of what the person is doing: the preview waits until the person asks for it on
// the card or opens the task's chat. The host is the real Node host; the test records which
// edits it was asked to preview.

const write = (path: string) => ({
	toolCalls: [{ name: "write_to_file", arguments: { path, content: `${path}\n` } }],
})
const complete = (result: string) => ({ toolCalls: [{ name: "attempt_completion", arguments: { result } }] })

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

/** The paths the host was asked to preview, in order. */
function recordPreviews(harness: AgentHarness): string[] {
	const previewed: string[] = []
	const host = harness.controller.host
	const preview = host.previewEdit.bind(host)
	host.previewEdit = (edit: ProposedEdit) => {
		previewed.push(edit.relativePath)
		return preview(edit)
	}
	return previewed
}

describe("proposed edits of tasks off screen", () => {
	it("stay out of the editor until the card asks or the chat shows the task; approved unseen, the proposal is saved", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [write("a.txt"), complete("A done"), write("b.txt"), complete("B done")],
		})
		const previewed = recordPreviews(agent)
		const { board, send, approve } = boardClient(agent)

		await send({ type: "startBoardTask", text: "task A", place: { kind: "inPlace" } })
		await board.waitForState("task A", "waiting")
		expect(previewed).toEqual([])
		// The card's "show the change" opens it, once.
		await send({ type: "showCardEdit", taskId: board.idOf("task A") })
		await send({ type: "showCardEdit", taskId: board.idOf("task A") })
		expect(previewed).toEqual(["a.txt"])
		await approve("task A")
		await board.waitForState("task A", "done")
		expect(await agent.read("a.txt")).toBe("a.txt\n")

		await send({ type: "startBoardTask", text: "task B", place: { kind: "inPlace" } })
		await board.waitForState("task B", "waiting")
		expect(previewed).toEqual(["a.txt"])
		// Opening its chat shows the edit it waits on, as for a task started in the chat.
		await agent.send({ type: "showTaskWithId", taskId: board.idOf("task B") })
		expect(previewed).toEqual(["a.txt", "b.txt"])
		await approve("task B")
		await board.waitForState("task B", "done")
		expect(await agent.read("b.txt")).toBe("b.txt\n")
	})

	it("an edit approved on the card without ever being shown is saved as proposed", async () => {
		agent = await startAgent({ provider: "anthropic", scenario: [write("c.txt"), complete("C done")] })
		const previewed = recordPreviews(agent)
		const board = new BoardMirror()
		agent.controller.attach(board.receive)
		await agent.controller.handleWebviewMessage(
			{ type: "startBoardTask", text: "task C", place: { kind: "inPlace" } },
			board.receive,
		)
		await board.waitForState("task C", "waiting")
		const card = board.card(board.idOf("task C"))
		await agent.controller.handleWebviewMessage(
			{
				type: "answerCard",
				taskId: card.taskId,
				ts: card.waitingOn?.ts ?? 0,
				askResponse: "yesButtonClicked",
			},
			board.receive,
		)
		await board.waitForState("task C", "done")
		expect(previewed).toEqual([])
		expect(await agent.read("c.txt")).toBe("c.txt\n")
	})

	it("the chat's own task previews its edit in the editor at once", async () => {
		agent = await startAgent({ provider: "anthropic", scenario: [write("d.txt")] })
		const previewed = recordPreviews(agent)
		await agent.send({ type: "newTask", text: "task D" })
		await agent.client.waitForAsk("tool")
		expect(previewed).toEqual(["d.txt"])
	})
})
