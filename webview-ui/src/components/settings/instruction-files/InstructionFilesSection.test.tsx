import { defaultSettings } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { loadTask } from "../../../test/fixtures"
import { posted } from "../../../test/setup"
import { InstructionFilesSection } from "./InstructionFilesSection"

function renderSection(
	disabledInstructionFiles: ReturnType<typeof defaultSettings>["disabledInstructionFiles"],
) {
	loadTask([], { settings: { ...defaultSettings(), disabledInstructionFiles } })
	render(<InstructionFilesSection />)
}

describe("InstructionFilesSection", () => {
	it("shows each kind read unless turned off, naming its files", () => {
		renderSection(["cursor"])
		expect((screen.getByRole("checkbox", { name: "Claude Code" }) as HTMLInputElement).checked).toBe(true)
		expect((screen.getByRole("checkbox", { name: "Cursor" }) as HTMLInputElement).checked).toBe(false)
		expect(screen.getByText(".cursorrules, .cursor/rules/*.mdc")).toBeTruthy()
	})

	it("turning a kind off or on sends the whole list of kinds turned off, as it now stands", () => {
		renderSection(["cursor"])
		fireEvent.click(screen.getByRole("checkbox", { name: "Cline" }))
		expect(posted).toEqual([
			{ type: "updateSettings", settings: { disabledInstructionFiles: ["cursor", "cline"] } },
		])
		posted.length = 0
		fireEvent.click(screen.getByRole("checkbox", { name: "Cursor" }))
		expect(posted).toEqual([
			{ type: "updateSettings", settings: { disabledInstructionFiles: ["cline"] } },
		])
	})
})
