import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useWebviewStore } from "../../../state/store"
import { fromHost, loadTask } from "../../../test/fixtures"
import { posted } from "../../../test/setup"
import { ChatView } from "../ChatView"

const claude = { provider: "anthropic" as const, modelId: "claude-test" }
const qwen = { provider: "ollama" as const, modelId: "qwen3:8b" }
const profiles = [
	{ id: "profile-1", name: "Claude", provider: claude },
	{ id: "profile-2", name: "Local", provider: qwen },
]
const picker = () => screen.getByRole<HTMLSelectElement>("combobox", { name: "API profile" })
const summary = () => screen.getByRole("button", { name: /^Auto-approval: / })

function withSettings(change: object) {
	const settings = useWebviewStore.getState().settings
	fromHost({ type: "settingsUpdated", settings: { ...settings, ...change }, hasApiKey: true })
}

describe("the chat box's API profile picker", () => {
	it("lists every profile by name and model, the current one picked", () => {
		loadTask([])
		withSettings({ profiles, currentProfileId: "profile-2", provider: qwen })
		render(<ChatView />)
		expect([...picker().options].map((option) => option.text)).toEqual([
			"Claude · claude-test",
			"Local · qwen3:8b",
		])
		expect(picker().value).toBe("profile-2")
	})

	it("picking a profile asks the host to switch to it, and shows it once the host did", () => {
		loadTask([])
		withSettings({ profiles })
		render(<ChatView />)
		fireEvent.change(picker(), { target: { value: "profile-2" } })
		expect(posted).toEqual([{ type: "selectProfile", profileId: "profile-2" }])
		expect(picker().value).toBe("profile-1")
		withSettings({ currentProfileId: "profile-2", provider: qwen })
		expect(picker().value).toBe("profile-2")
	})

	it("is not there before any profile is saved", () => {
		loadTask([])
		withSettings({ profiles: [], currentProfileId: undefined, provider: undefined })
		render(<ChatView />)
		expect(screen.queryByRole("combobox", { name: "API profile" })).toBeNull()
	})
})

describe("the auto-approval bar", () => {
	it("says what is on, and off while the master switch is off", () => {
		loadTask([])
		render(<ChatView />)
		expect(summary().textContent).toBe("Auto-approval: off")
		withSettings({
			autoApproval: {
				...useWebviewStore.getState().settings.autoApproval,
				readOnly: true,
				execute: true,
			},
		})
		expect(summary().textContent).toBe("Auto-approval: off")
		withSettings({
			autoApproval: { ...useWebviewStore.getState().settings.autoApproval, enabled: true },
			allowedCommands: ["npm test"],
		})
		expect(summary().textContent).toBe("Auto-approval: Read, Commands")
	})

	it("does not claim commands run unasked while no command is allowed: each one still asks", () => {
		loadTask([])
		withSettings({
			autoApproval: {
				...useWebviewStore.getState().settings.autoApproval,
				enabled: true,
				execute: true,
			},
			allowedCommands: [],
		})
		render(<ChatView />)
		expect(summary().textContent).toBe("Auto-approval: Commands (none allowed yet, each one asks)")
		withSettings({ allowedCommands: ["git log"] })
		expect(summary().textContent).toBe("Auto-approval: Commands")
	})

	it("ticking one switch while everything is off turns auto-approval on with it, so the summary names it", () => {
		loadTask([])
		render(<ChatView />)
		fireEvent.click(summary())
		fireEvent.click(screen.getByRole("checkbox", { name: "Read" }))
		expect(posted).toEqual([
			{ type: "updateTrustSettings", settings: { autoApproval: { enabled: true, readOnly: true } } },
		])
		expect(summary().textContent).toBe("Auto-approval: Read")
		expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Auto-approve" }).checked).toBe(true)
	})

	it("opens in place and toggles a switch with the same settings change the Settings view sends", () => {
		loadTask([])
		render(<ChatView />)
		expect(summary().getAttribute("aria-expanded")).toBe("false")
		fireEvent.click(summary())
		expect(summary().getAttribute("aria-expanded")).toBe("true")
		fireEvent.click(screen.getByRole("checkbox", { name: "Auto-approve" }))
		fireEvent.click(screen.getByRole("checkbox", { name: "Write" }))
		expect(posted).toEqual([
			{ type: "updateTrustSettings", settings: { autoApproval: { enabled: true } } },
			{ type: "updateTrustSettings", settings: { autoApproval: { write: true } } },
		])
		expect(summary().textContent).toBe("Auto-approval: Write")
		expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Write" }).checked).toBe(true)
	})
})
