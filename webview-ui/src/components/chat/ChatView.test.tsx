import {
	askControls,
	chatControls,
	clineAsks,
	type ChatButton,
	type ClineAsk,
	type WebviewMessage,
} from "@cairn/types"
import { act, fireEvent, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useWebviewStore } from "../../state/store"
import { apiRequest, ask, finishedRequest, loadTask, say, taskId } from "../../test/fixtures"
import { renderWithList } from "../../test/renderWithList"
import { posted } from "../../test/setup"
import { ChatView } from "./ChatView"

const transcriptAt = (kind: ClineAsk, partial = false) => [
	say("text", "Refactor calculateTotal"),
	finishedRequest(),
	ask(kind, "", { partial }),
]

const yes: WebviewMessage = { type: "askResponse", askResponse: "yesButtonClicked" }
const no: WebviewMessage = { type: "askResponse", askResponse: "noButtonClicked" }
const answer: WebviewMessage = { type: "askResponse", askResponse: "messageResponse" }
const clearTask: WebviewMessage = { type: "clearTask" }

// Seed 001's "Response Actions by State", written out here as well as used from @cairn/types, so
// a change of the shared table cannot silently change what the buttons say and send.
const seedTable: Record<ClineAsk, [string, WebviewMessage][]> = {
	api_req_failed: [
		["Retry", yes],
		["New Task", clearTask],
	],
	mistake_limit_reached: [
		["Proceed", yes],
		["New Task", clearTask],
	],
	followup: [["Answer", answer]],
	tool: [
		["Approve", yes],
		["Reject", no],
	],
	command: [
		["Run", yes],
		["Reject", no],
	],
	browser_action_launch: [
		["Approve", yes],
		["Reject", no],
	],
	use_mcp_server: [
		["Approve", yes],
		["Reject", no],
	],
	completion_result: [["New Task", clearTask]],
	resume_task: [
		["Resume", yes],
		["Terminate", clearTask],
	],
	resume_completed_task: [["New Task", clearTask]],
	command_output: [
		["Proceed While Running", { type: "terminalOperation", terminalOperation: "continue" }],
		["Kill Command", { type: "terminalOperation", terminalOperation: "abort" }],
	],
	auto_approval_max_req_reached: [
		["Continue", yes],
		["End Task", clearTask],
	],
	budget_reached: [
		["Raise Limit", yes],
		["End Task", clearTask],
	],
}

/** A button that answers with the typed text (a followup's Answer). */
const sendsTyped = (button: ChatButton | undefined) =>
	button?.message.type === "askResponse" && button.message.askResponse === "messageResponse"

function buttonsOfTypesTable(kind: ClineAsk) {
	const controls = askControls[kind](false)
	return [controls.primaryButton, controls.secondaryButton].flatMap((b) => (b ? [b] : []))
}

describe("ChatView buttons for every ask of seed 001", () => {
	// A failed request's Retry is on its row (the list shows rows a moment later), not in the bar.
	it.each(clineAsks)("%s: labels, enabled state, and the exact message of each button", async (kind) => {
		const expected = buttonsOfTypesTable(kind)
		expect(expected.map((b) => [b.text, b.message])).toEqual(seedTable[kind])
		const messages = transcriptAt(kind)
		const controls = chatControls(messages)

		for (const button of expected) {
			posted.length = 0
			loadTask(messages)
			const { unmount } = renderWithList(<ChatView />)
			const element = await screen.findByRole("button", { name: button.text })
			// A button that sends the typed answer waits for something typed (see below).
			const waitsForTyping = sendsTyped(button)
			expect(element.hasAttribute("disabled")).toBe(!controls.enableButtons || waitsForTyping)
			if (!waitsForTyping) {
				fireEvent.click(element)
				expect(posted).toEqual([button.message])
			}
			unmount()
		}
	})

	it.each(clineAsks)(
		"%s, still streaming in: buttons as seed 001 enables them, or Cancel",
		async (kind) => {
			loadTask(transcriptAt(kind, true))
			renderWithList(<ChatView />)
			const controls = chatControls(transcriptAt(kind, true))
			if (controls.cancelButton !== undefined) {
				expect(
					screen.queryByRole("button", { name: controls.primaryButton?.text ?? "none" }),
				).toBeNull()
				fireEvent.click(screen.getByRole("button", { name: "Cancel" }))
				expect(posted).toEqual([{ type: "cancelTask" }])
			} else {
				const primary = await screen.findByRole("button", { name: controls.primaryButton!.text })
				const waitsForTyping = sendsTyped(controls.primaryButton)
				expect(primary.hasAttribute("disabled")).toBe(!controls.enableButtons || waitsForTyping)
			}
		},
	)

	it("Answer waits beside an empty box, then sends what is typed", () => {
		loadTask(transcriptAt("followup"))
		renderWithList(<ChatView />)
		const answerIt = screen.getByRole("button", { name: "Answer" })
		expect(answerIt.hasAttribute("disabled")).toBe(true)
		act(() => useWebviewStore.setState({ composerText: "Use a Map" }))
		expect(answerIt.hasAttribute("disabled")).toBe(false)
		fireEvent.click(answerIt)
		expect(posted).toEqual([{ ...answer, text: "Use a Map" }])
	})

	it("an answer button also sends the typed text and images, then clears the chat box", () => {
		const image = "data:image/png;base64,AAAA"
		loadTask(transcriptAt("tool"))
		useWebviewStore.setState({ composerText: "  but keep the old name  ", composerImages: [image] })
		renderWithList(<ChatView />)
		fireEvent.click(screen.getByRole("button", { name: "Reject" }))
		expect(posted).toEqual([{ ...no, text: "but keep the old name", images: [image] }])
		expect(useWebviewStore.getState().composerText).toBe("")
		expect(useWebviewStore.getState().composerImages).toEqual([])
	})

	it("a cancelled subtask offers Resume or Return to parent (which ends it: clearTask)", () => {
		loadTask(transcriptAt("resume_task"), { taskStack: ["parent", taskId] })
		renderWithList(<ChatView />)
		expect(screen.queryByRole("button", { name: "Terminate" })).toBeNull()
		fireEvent.click(screen.getByRole("button", { name: "Return to parent" }))
		expect(posted).toContainEqual(clearTask)
	})

	it("a button that is not an answer leaves the chat box alone", () => {
		loadTask(transcriptAt("completion_result"))
		useWebviewStore.setState({ composerText: "draft" })
		renderWithList(<ChatView />)
		fireEvent.click(screen.getByRole("button", { name: "New Task" }))
		expect(posted).toEqual([clearTask])
		expect(useWebviewStore.getState().composerText).toBe("draft")
	})

	it("while the model streams, only Cancel is offered and it sends cancelTask", () => {
		loadTask([say("text", "task"), apiRequest(), say("text", "Let me", { partial: true })])
		renderWithList(<ChatView />)
		expect(screen.queryByRole("button", { name: "Approve" })).toBeNull()
		fireEvent.click(screen.getByRole("button", { name: "Cancel" }))
		expect(posted).toEqual([{ type: "cancelTask" }])
	})

	it("with no task there are no buttons, only the chat box", () => {
		loadTask([])
		renderWithList(<ChatView />)
		expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull()
		expect(screen.getByRole("textbox", { name: "Message to Cairn" })).toBeTruthy()
	})
})
