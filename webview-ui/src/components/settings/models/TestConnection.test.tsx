import { defaultSettings, type WebviewMessage } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
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
})
