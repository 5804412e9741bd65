import { emptyExtensionState, type ExtensionMessage } from "@cairn/types"
import { act, render, screen } from "@testing-library/react"
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { App } from "./App"
import { useWebviewStore } from "./state/store"

const postMessage = vi.fn()

function fromHost(data: unknown) {
	act(() => {
		window.dispatchEvent(new MessageEvent("message", { data }))
	})
}

describe("App", () => {
	beforeAll(() => {
		// The page acquires the API once and keeps it, so one stub serves every test.
		vi.stubGlobal("acquireVsCodeApi", () => ({ postMessage, getState: vi.fn(), setState: vi.fn() }))
	})

	beforeEach(() => {
		postMessage.mockClear()
		useWebviewStore.setState({ extensionState: undefined, themeKind: undefined, lastError: undefined })
	})

	it("announces itself to the host once mounted", () => {
		render(<App />)
		expect(postMessage).toHaveBeenCalledWith({ type: "webviewDidLaunch" })
	})

	it("renders the version from the host's state snapshot", () => {
		render(<App />)
		expect(screen.getByRole("status").textContent).toBe("Connecting to the extension…")
		fromHost({ type: "state", state: emptyExtensionState("9.8.7") } satisfies ExtensionMessage)
		expect(screen.getByTestId("version").textContent).toBe("Version 9.8.7")
	})

	it("shows an error the host sends back", () => {
		render(<App />)
		fromHost({ type: "error", error: "bad message", code: "invalid_message" } satisfies ExtensionMessage)
		expect(screen.getByRole("alert").textContent).toBe("bad message")
	})

	it("keeps the theme kind the host reports", () => {
		render(<App />)
		fromHost({ type: "theme", kind: "high-contrast" } satisfies ExtensionMessage)
		expect(useWebviewStore.getState().themeKind).toBe("high-contrast")
	})

	it("ignores window messages that are not from the host", () => {
		render(<App />)
		fromHost("not an object")
		fromHost(null)
		expect(screen.getByRole("status").textContent).toBe("Connecting to the extension…")
	})
})
