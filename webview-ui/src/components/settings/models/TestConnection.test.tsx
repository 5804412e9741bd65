import { defaultSettings, type WebviewMessage } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showLanguage } from "../../../i18n/showLanguage"
import { fromHost, loadTask } from "../../../test/fixtures"
import { posted } from "../../../test/setup"
import { SettingsView } from "../SettingsView"

const lmstudio = { provider: "lmstudio" as const, modelId: "qwen2.5-coder-7b-instruct" }

describe("Test connection", () => {
	it("sends the settings on screen, says it is testing, then shows the host's answer", () => {
		loadTask([], { settings: { ...defaultSettings(), provider: lmstudio } })
		render(<SettingsView />)
		const button = screen.getByRole("button", { name: "Test connection" })
		fireEvent.click(button)
		const request = posted[0] as Extract<WebviewMessage, { type: "testConnection" }>
		expect(request).toEqual({ type: "testConnection", requestId: expect.any(Number), provider: lmstudio })
		expect(screen.getByText("Testing…")).toBeTruthy()
		expect((button as HTMLButtonElement).disabled).toBe(true)

		// An answer to some other request changes nothing.
		fromHost({
			type: "connectionTested",
			requestId: request.requestId - 1,
			result: { ok: true, message: "old" },
		})
		expect(screen.queryByText("old")).toBeNull()

		const message = "Could not connect to LM Studio at http://127.0.0.1:1234/v1: connect ECONNREFUSED."
		fromHost({
			type: "connectionTested",
			requestId: request.requestId,
			result: { ok: false, problem: "unreachable", message },
		})
		expect(screen.getByText(message).className).toContain("failed")
		expect((button as HTMLButtonElement).disabled).toBe(false)
	})

	it("a failure the host gave a kind is worded in the person's language, the socket's words kept", async () => {
		await showLanguage("de")
		loadTask([], { settings: { ...defaultSettings(), provider: lmstudio } })
		render(<SettingsView />)
		fireEvent.click(screen.getByRole("button", { name: "Verbindung testen" }))
		const request = posted[0] as Extract<WebviewMessage, { type: "testConnection" }>
		fromHost({
			type: "connectionTested",
			requestId: request.requestId,
			result: {
				ok: false,
				problem: "unreachable",
				message: "Could not connect to LM Studio at http://127.0.0.1:1234/v1: connect ECONNREFUSED.",
				failure: {
					kind: "provider_unreachable",
					params: {
						endpoint: "http://127.0.0.1:1234/v1",
						said: "connect ECONNREFUSED 127.0.0.1:1234",
					},
				},
			},
		})
		expect(document.querySelector(".connection-result")?.textContent).toBe(
			"Keine Verbindung zu http://127.0.0.1:1234/v1. Prüfen Sie die Basis-URL in den Einstellungen und ob der Server läuft. Grund: connect ECONNREFUSED 127.0.0.1:1234",
		)
	})
})
