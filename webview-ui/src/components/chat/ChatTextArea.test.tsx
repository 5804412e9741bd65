import { fireEvent, screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useWebviewStore } from "../../state/store"
import { apiRequest, ask, delta, finishedRequest, fromHost, loadTask, say } from "../../test/fixtures"
import { renderWithList } from "../../test/renderWithList"
import { posted } from "../../test/setup"
import { ChatView } from "./ChatView"

const box = () => screen.getByRole("textbox", { name: "Message to Cairn" }) as HTMLTextAreaElement
const type = (text: string) => fireEvent.change(box(), { target: { value: text } })
const enter = (init: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(box(), { key: "Enter", ...init })
const followup = () => ask("followup", JSON.stringify({ question: "Which file?", suggest: [] }))

describe("ChatTextArea", () => {
	it("Enter with no task starts one with the text", () => {
		loadTask([])
		renderWithList(<ChatView />)
		type("Add a README")
		enter()
		expect(posted).toEqual([{ type: "newTask", text: "Add a README" }])
		expect(box().value).toBe("")
	})

	it("Shift+Enter does not send (the textarea adds the new line)", () => {
		loadTask([])
		renderWithList(<ChatView />)
		type("line one")
		enter({ shiftKey: true })
		expect(posted).toEqual([])
		expect(box().value).toBe("line one")
	})

	it("Enter while composing with an IME does not send", () => {
		loadTask([])
		renderWithList(<ChatView />)
		type("にほん")
		enter({ isComposing: true })
		expect(posted).toEqual([])
	})

	it("an empty box sends nothing", () => {
		loadTask([])
		renderWithList(<ChatView />)
		type("   ")
		enter()
		expect(posted).toEqual([])
	})

	it("at a question, sending answers it", () => {
		loadTask([say("text", "task"), finishedRequest(), followup()])
		renderWithList(<ChatView />)
		type("src/total.ts")
		fireEvent.click(screen.getByRole("button", { name: "Send" }))
		expect(posted).toEqual([
			{ type: "askResponse", askResponse: "messageResponse", text: "src/total.ts" },
		])
	})

	it.each([
		["api_req_failed", ask("api_req_failed", "500")],
		[
			"auto_approval_max_req_reached",
			ask("auto_approval_max_req_reached", JSON.stringify({ limit: "requests", count: 5 })),
		],
	])("is disabled at %s, where seed 001 disables sending and only buttons answer", (_kind, message) => {
		loadTask([say("text", "task"), finishedRequest(), message])
		renderWithList(<ChatView />)
		expect(box().disabled).toBe(true)
		expect(screen.getByRole("button", { name: "Send" }).hasAttribute("disabled")).toBe(true)
	})

	it("is enabled wherever seed 001 allows sending", () => {
		loadTask([say("text", "task"), finishedRequest(), ask("resume_task", "")])
		renderWithList(<ChatView />)
		expect(box().disabled).toBe(false)
	})

	it("while the agent works, a message is queued, shown with a remove button, and sent at the next question", () => {
		loadTask([say("text", "task"), apiRequest(), say("text", "Reading", { partial: true })], { seq: 1 })
		renderWithList(<ChatView />)
		expect(box().disabled).toBe(false)
		type("also check the tests")
		enter()
		expect(posted).toEqual([])
		expect(screen.getByRole("region", { name: "Queued messages" }).textContent).toContain(
			"also check the tests",
		)
		expect(screen.getByRole("button", { name: "Remove queued message 1" })).toBeTruthy()

		fromHost(delta(followup(), 2))
		expect(posted).toEqual([
			{ type: "askResponse", askResponse: "messageResponse", text: "also check the tests" },
		])
		expect(screen.queryByRole("region", { name: "Queued messages" })).toBeNull()
	})

	it("the remove button drops a queued message", () => {
		loadTask([say("text", "task"), apiRequest()], { seq: 1 })
		renderWithList(<ChatView />)
		type("oops")
		enter()
		fireEvent.click(screen.getByRole("button", { name: "Remove queued message 1" }))
		fromHost(delta(followup(), 2))
		expect(posted).toEqual([])
	})

	it("pasted images become data URIs attached to the next message", async () => {
		loadTask([])
		renderWithList(<ChatView />)
		const file = new File([new Uint8Array([137, 80, 78, 71])], "shot.png", { type: "image/png" })
		fireEvent.paste(box(), { clipboardData: { files: [file] } })
		await waitFor(() => expect(screen.getByRole("img", { name: "Image 1" })).toBeTruthy())
		type("What is this?")
		enter()
		expect(posted).toEqual([
			{ type: "newTask", text: "What is this?", images: ["data:image/png;base64,iVBORw=="] },
		])
	})

	it("dropped files that are not images are ignored; at most 20 images are kept", async () => {
		loadTask([])
		useWebviewStore.setState({
			composerImages: Array.from({ length: 19 }, () => "data:image/png;base64,AA=="),
		})
		renderWithList(<ChatView />)
		const image = () => new File([new Uint8Array([1])], "a.png", { type: "image/png" })
		const text = new File(["hello"], "notes.txt", { type: "text/plain" })
		fireEvent.drop(box(), { dataTransfer: { files: [text, image(), image()] } })
		await waitFor(() =>
			expect(screen.getByText(/At most 20 images can be attached; 1 left out/)).toBeTruthy(),
		)
		expect(useWebviewStore.getState().composerImages).toHaveLength(20)
	})

	it("the attach button asks the host's image picker", () => {
		loadTask([])
		renderWithList(<ChatView />)
		fireEvent.click(screen.getByRole("button", { name: "Attach images" }))
		expect(posted).toEqual([{ type: "selectImages" }])
	})

	it("takes the focus when the host asks for it", () => {
		loadTask([])
		renderWithList(<ChatView />)
		fromHost({ type: "action", action: "focusInput" })
		expect(document.activeElement).toBe(box())
	})
})
