import { defaultSettings } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useHostLanguage } from "../../../i18n/useHostLanguage"
import { fromHost, loadTask } from "../../../test/fixtures"
import { posted } from "../../../test/setup"
import { LanguageSection } from "./LanguageSection"

/** The section as the app shows it: App follows the host's language. */
function InApp() {
	useHostLanguage()
	return <LanguageSection />
}

describe("the language setting", () => {
	it("follows VS Code by default and offers each language by its own name", () => {
		loadTask([], { settings: defaultSettings() })
		render(<LanguageSection />)
		const select = screen.getByLabelText("Cairn's language") as HTMLSelectElement
		expect(select.value).toBe("auto")
		expect([...select.options].map((option) => option.textContent)).toEqual([
			"Follow VS Code",
			"English",
			"简体中文",
			"繁體中文",
			"日本語",
			"한국어",
			"Español",
			"Português (Brasil)",
			"Deutsch",
			"Français",
			"Русский",
			"Türkçe",
		])
	})

	it("sends the choice, and the view switches when the host answers with the language", async () => {
		loadTask([], { settings: defaultSettings() })
		render(<InApp />)
		fireEvent.change(screen.getByLabelText("Cairn's language"), { target: { value: "de" } })
		expect(posted).toEqual([{ type: "updateSettings", settings: { language: "de" } }])
		fromHost({
			type: "settingsUpdated",
			settings: { ...defaultSettings(), language: "de" },
			hasApiKey: false,
			language: "de",
		})
		expect(await screen.findByLabelText("Sprache von Cairn")).toBeDefined()
	})

	it("keeps a language set in settings.json that Cairn's text is not translated into", () => {
		loadTask([], { settings: { ...defaultSettings(), language: "it" } })
		render(<LanguageSection />)
		expect((screen.getByLabelText("Cairn's language") as HTMLSelectElement).value).toBe("it")
	})
})
