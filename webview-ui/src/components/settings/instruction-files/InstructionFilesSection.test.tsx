import { defaultSettings } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromHost, loadTask } from "../../../test/fixtures"
import { posted } from "../../../test/setup"
import { App } from "../../../App"
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

	it("lists the files the host found under each kind's own switch, or says none were found", () => {
		renderSection([])
		expect(screen.queryByText("None found in this workspace")).toBeNull()
		fromHost({
			type: "instructionFilesFound",
			found: [
				{ kind: "roo", files: [".roo/rules/01-style.md", ".roorules-architect"] },
				{ kind: "claude", files: ["CLAUDE.md"] },
			],
		})
		expect(screen.getByText("Found here: .roo/rules/01-style.md, .roorules-architect")).toBeTruthy()
		expect(screen.getByText("Found here: CLAUDE.md")).toBeTruthy()
		// Each kind's finding describes its own switch, not the next kind's.
		expect(
			screen.getByRole("checkbox", { name: "Claude Code", description: /Found here: CLAUDE\.md$/ }),
		).toBeTruthy()
		expect(
			screen.getByRole("checkbox", { name: "Cursor", description: /None found in this workspace$/ }),
		).toBeTruthy()
		// Roo's global folder, Cline, Cursor and Copilot; nested files depend on the task.
		expect(screen.getAllByText("None found in this workspace")).toHaveLength(4)
	})

	it("is asked for afresh each time Settings opens", () => {
		loadTask([])
		render(<App />)
		fireEvent.click(screen.getByRole("button", { name: "Settings" }))
		expect(posted).toContainEqual({ type: "requestInstructionFiles" })
	})
})
