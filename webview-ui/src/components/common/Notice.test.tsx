import { render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showLanguage } from "../../i18n/showLanguage"
import { fromHost, loadTask } from "../../test/fixtures"
import { Notice } from "./Notice"

const noKey = {
	type: "error" as const,
	code: "failed" as const,
	inReplyTo: "newTask",
	error: "No API key is set for Anthropic. Add one in Cairn's settings (or pass --api-key to the CLI).",
	problem: { kind: "provider_no_key" as const, params: { endpoint: "Anthropic" } },
}

describe("the host's error notice", () => {
	it("words a provider's problem the editor's way, not the CLI's", () => {
		loadTask([])
		fromHost(noKey)
		render(<Notice />)
		expect(screen.getByRole("alert").textContent).toBe(
			"No API key is set for Anthropic. Add one in Settings.",
		)
	})

	it("German: the same problem in German", async () => {
		await showLanguage("de")
		loadTask([])
		fromHost(noKey)
		render(<Notice />)
		expect(screen.getByRole("alert").textContent).toBe(
			"Für Anthropic ist kein API-Schlüssel gesetzt. Tragen Sie einen in den Einstellungen ein.",
		)
	})

	it("an error without a problem shows the host's words", () => {
		loadTask([])
		fromHost({ type: "error", code: "not_found", error: "Kein Task 7" })
		render(<Notice />)
		expect(screen.getByRole("alert").textContent).toBe("Kein Task 7")
	})
})
