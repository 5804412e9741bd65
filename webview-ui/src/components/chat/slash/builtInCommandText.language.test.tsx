import { fireEvent, render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showLanguage } from "../../../i18n/showLanguage"
import { fromHost, loadTask } from "../../../test/fixtures"
import { modesSnapshot } from "../../../test/modes"
import { ChatTextArea } from "../ChatTextArea"

// What packages/core's builtInCommandViews sends: English, for the CLI.
const fromCore = {
	commands: [
		{
			name: "new",
			description: "Start a new task; the text after it is the task",
			argumentHint: "[task]",
			source: "builtin" as const,
		},
		{
			name: "mode",
			description: "Switch the mode (code, ask, reviewer); text after it is sent in the new mode",
			argumentHint: "<mode> [message]",
			source: "builtin" as const,
		},
		{ name: "review", description: "Review a file for bugs", source: "project" as const },
	],
	problems: [],
}

describe("built-in words in the person's language", () => {
	it("German: the built-in commands' descriptions and hints; a command file's own words stay", async () => {
		await showLanguage("de")
		loadTask([], { modes: modesSnapshot() })
		fromHost({ type: "slashCommands", ...fromCore })
		render(<ChatTextArea />)
		fireEvent.change(screen.getByRole("textbox", { name: "Nachricht an Cairn" }), {
			target: { value: "/" },
		})
		const options = within(screen.getByRole("listbox"))
			.getAllByRole("option")
			.map((option) => option.textContent)
		expect(options).toEqual([
			"/new[Aufgabe]Eine neue Aufgabe starten; der Text danach ist die Aufgabeintegriert",
			"/mode<Modus> [Nachricht]Den Modus wechseln (code, ask, reviewer); Text danach wird im neuen Modus gesendetintegriert",
			"/reviewReview a file for bugsProjekt",
		])
	})

	it("German: Cairn's own modes are named in German, a workspace's mode as its author named it", async () => {
		await showLanguage("de")
		loadTask([], { modes: modesSnapshot(), mode: "ask" })
		render(<ChatTextArea />)
		const picker = screen.getByRole<HTMLSelectElement>("combobox", { name: "Modus" })
		expect([...picker.options].map((option) => option.text)).toEqual([
			"Code",
			"Fragen",
			"Reviewer (Projekt)",
		])
	})
})
