import { demoProfile, demoProfileId } from "@cairn/types"
import { fireEvent, render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useWebviewStore } from "../../state/store"
import { fromHost, loadTask } from "../../test/fixtures"
import { posted } from "../../test/setup"
import { ChatView } from "../chat/ChatView"

const own = {
	id: "own",
	name: "Claude",
	provider: { provider: "anthropic" as const, modelId: "claude-test" },
}
const demo = demoProfile("http://127.0.0.1:41234/v1")

function withProfiles(currentProfileId: string) {
	const settings = useWebviewStore.getState().settings
	fromHost({
		type: "settingsUpdated",
		settings: { ...settings, profiles: [own, demo], currentProfileId },
		hasApiKey: false,
	})
}
const banner = () => screen.queryByRole("note", { name: "Demo" })

describe("the demo's banner", () => {
	it("says the answers are scripted, not a real model's, while the demo's profile is current", () => {
		loadTask([])
		withProfiles(demoProfileId)
		render(<ChatView />)
		expect(banner()?.textContent).toMatch(
			/^Demo: the answers come from Cairn's scripted model on this computer \(cairn-scripted-demo\), not from a real model/,
		)
		// The profile picker names it as a demo too.
		const picker = screen.getByRole<HTMLSelectElement>("combobox", { name: "API profile" })
		expect(picker.selectedOptions[0]?.text).toBe("Demo (offline) · cairn-scripted-demo")
	})

	it("shows nothing while another profile is current", () => {
		loadTask([])
		withProfiles("own")
		render(<ChatView />)
		expect(banner()).toBeNull()
	})

	it("starts the demo's task with the prompt in the person's language, before any task", () => {
		loadTask([])
		withProfiles(demoProfileId)
		render(<ChatView />)
		posted.length = 0
		fireEvent.click(within(banner() as HTMLElement).getByRole("button", { name: "Start the demo task" }))
		expect(posted).toEqual([{ type: "startDemoTask", text: "Show me how Cairn works on this project." }])
	})

	it("removes the demo in one click, also during its task", () => {
		loadTask([{ ts: 1, type: "say", say: "text", text: "Show me how Cairn works on this project." }])
		withProfiles(demoProfileId)
		render(<ChatView />)
		const note = within(banner() as HTMLElement)
		expect(note.queryByRole("button", { name: "Start the demo task" })).toBeNull()
		posted.length = 0
		fireEvent.click(note.getByRole("button", { name: "Remove the demo" }))
		expect(posted).toEqual([{ type: "removeDemo" }])
	})
})
