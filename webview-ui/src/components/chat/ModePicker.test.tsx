import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useWebviewStore } from "../../state/store"
import { fromHost, loadTask } from "../../test/fixtures"
import { modesFileProblem, modesSnapshot } from "../../test/modes"
import { posted } from "../../test/setup"
import { ChatTextArea } from "./ChatTextArea"

const picker = () => screen.getByRole<HTMLSelectElement>("combobox", { name: "Mode" })

describe("the chat box's mode picker", () => {
	it("lists every mode, the workspace's marked as such, with when to use the current one", () => {
		loadTask([], { modes: modesSnapshot(), mode: "ask" })
		render(<ChatTextArea />)
		expect([...picker().options].map((option) => option.text)).toEqual([
			"Code",
			"Ask",
			"Reviewer (project)",
		])
		expect(picker().value).toBe("ask")
		expect(picker().title).toBe("Answering questions without changing anything.")
	})

	it("picking a mode asks the host to switch to it, and shows it once the host did", () => {
		loadTask([], { modes: modesSnapshot() })
		render(<ChatTextArea />)
		fireEvent.change(picker(), { target: { value: "reviewer" } })
		expect(posted).toEqual([{ type: "mode", mode: "reviewer" }])
		fromHost({ type: "modeChanged", mode: "reviewer" })
		expect(picker().value).toBe("reviewer")
	})

	it("remembers the current model for the current mode, and forgets it again", () => {
		loadTask([], { modes: modesSnapshot(), mode: "ask" })
		render(<ChatTextArea />)
		fireEvent.click(
			screen.getByRole("button", { name: "Remember this model (claude-test) for Ask mode" }),
		)
		expect(posted).toEqual([{ type: "updateSettings", settings: { modeProfiles: { ask: "profile-1" } } }])
		const settings = useWebviewStore.getState().settings
		fromHost({
			type: "settingsUpdated",
			settings: { ...settings, modeProfiles: { ask: "profile-1" } },
			hasApiKey: true,
		})
		const forget = screen.getByRole("button", { name: "Forget the model remembered for Ask mode" })
		expect(forget.getAttribute("aria-pressed")).toBe("true")
		fireEvent.click(forget)
		expect(posted.at(-1)).toEqual({ type: "updateSettings", settings: { modeProfiles: {} } })
	})

	it("points to the Modes view when a modes file has a problem", () => {
		loadTask([], { modes: modesSnapshot([modesFileProblem("empty", {}, "customModes[0].name")]) })
		render(<ChatTextArea />)
		fireEvent.click(
			screen.getByRole("button", { name: "A problem in the modes files left a mode out; show it" }),
		)
		expect(useWebviewStore.getState().view).toBe("modes")
	})

	it("shows a mode the host does not list (an old setting) rather than another one", () => {
		loadTask([], { modes: modesSnapshot(), mode: "gone" })
		render(<ChatTextArea />)
		expect(picker().value).toBe("gone")
	})
})
