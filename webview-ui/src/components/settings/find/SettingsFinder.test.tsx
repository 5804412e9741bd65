import { defaultSettings } from "@cairn/types"
import { act, fireEvent, render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showLanguage } from "../../../i18n/showLanguage"
import { loadTask } from "../../../test/fixtures"
import { SettingsView } from "../SettingsView"

function renderSettings() {
	loadTask([], {
		settings: {
			...defaultSettings(),
			provider: { provider: "openai", modelId: "gpt-test", baseUrl: "http://127.0.0.1:8000/v1" },
		},
		hasApiKey: false,
	})
	render(<SettingsView />)
}

const search = (query: string) =>
	fireEvent.change(screen.getByRole("searchbox", { name: /Search settings|Einstellungen durchsuchen/ }), {
		target: { value: query },
	})
const shown = (element: Element) => element.closest("[data-search-hidden]") === null
const sectionLinks = () =>
	within(screen.getByRole("navigation"))
		.queryAllByRole("link")
		.map((link) => link.textContent)
const shownHeadings = () =>
	screen
		.getAllByRole("heading", { level: 2 })
		.filter(shown)
		.map((heading) => heading.textContent)

describe("finding a setting", () => {
	it("links every section by its heading, in page order", () => {
		renderSettings()
		const headings = screen.getAllByRole("heading", { level: 2 })
		const links = within(screen.getByRole("navigation", { name: "Settings sections" })).getAllByRole(
			"link",
		)
		expect(links.map((link) => link.textContent)).toEqual(headings.map((heading) => heading.textContent))
		expect(links.map((link) => link.getAttribute("href"))).toEqual(
			headings.map((heading) => `#${heading.id}`),
		)
		expect(sectionLinks()).toContain("Commands")
	})

	it("narrows the page to the settings that mention every word typed, with their sections", () => {
		renderSettings()
		search("sandbox NETWORK")
		expect(shownHeadings()).toEqual(["Commands"])
		expect(sectionLinks()).toEqual(["Commands"])
		expect(shown(screen.getByRole("checkbox", { name: /network/i }))).toBe(true)
		expect(shown(screen.getByRole("checkbox", { name: "Sandbox auto-approved commands" }))).toBe(false)
		expect(shown(screen.getByRole("spinbutton", { name: "Request retries" }))).toBe(false)
	})

	it("a section's title shows the whole section", () => {
		renderSettings()
		search("checkpoints")
		expect(shownHeadings()).toContain("Checkpoints")
		const section = screen.getByRole("heading", { name: "Checkpoints" }).closest("section") as HTMLElement
		for (const box of within(section).getAllByRole("checkbox")) expect(shown(box)).toBe(true)
	})

	it("says when nothing matches, and Escape or an empty box brings the whole page back", () => {
		renderSettings()
		search("no such setting anywhere")
		expect(shownHeadings()).toEqual([])
		expect(screen.getByText("No setting mentions “no such setting anywhere”.")).toBeTruthy()
		fireEvent.keyDown(screen.getByRole("searchbox"), { key: "Escape" })
		expect((screen.getByRole("searchbox") as HTMLInputElement).value).toBe("")
		expect(shownHeadings()).toEqual(
			screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent),
		)
	})

	it("searches the words the page shows, in the person's language", async () => {
		await showLanguage("de")
		renderSettings()
		search("wiederholungen")
		expect(shownHeadings()).toEqual(["Agent"])
		expect(shown(screen.getByRole("spinbutton", { name: "Wiederholungen von Anfragen" }))).toBe(true)
	})

	it("keeps settings that appear later filtered too", async () => {
		renderSettings()
		search("anthropic")
		// Another condensing provider brings its own key field into the page.
		await act(async () => {
			fireEvent.change(screen.getByRole("combobox", { name: "Condensing model" }), {
				target: { value: "anthropic" },
			})
		})
		expect(shown(screen.getByLabelText("Anthropic API key"))).toBe(true)
		// Its model id says nothing of Anthropic.
		expect(shown(screen.getByRole("textbox", { name: "Condensing model id" }))).toBe(false)
		expect(shown(screen.getByRole("spinbutton", { name: "Request retries" }))).toBe(false)
	})
})
