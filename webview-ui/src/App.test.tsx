import { defaultSettings, emptyExtensionState } from "@cairn/types"
import { fireEvent, render, screen, waitFor } from "@testing-library/react"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { App } from "./App"
import { connectToHost } from "./state/hostMessages"
import { useWebviewStore } from "./state/store"
import { ask, finishedRequest, postWindowMessage, say, stateWith } from "./test/fixtures"
import { renderWithList } from "./test/renderWithList"

// Every view but the chat is a chunk loaded on demand. Transforming a view's modules for the first
// time takes seconds on a busy machine, longer than a find waits, so they are loaded once here: a
// view then appears as soon as it is chosen, as a fetched chunk does in the webview.
beforeAll(async () => {
	await Promise.all([
		import("./components/history/HistoryView"),
		import("./components/settings/SettingsView"),
		import("./components/board/BoardView"),
		import("./components/mcp/McpView"),
		import("./components/modes/ModesView"),
	])
}, 120_000)

// The page connects to the host (main.tsx) before it renders the app.
let disconnect: () => void
beforeEach(() => {
	disconnect = connectToHost()
})
afterEach(() => disconnect())

describe("App", () => {
	it("shows the first-run setup until a provider is configured", () => {
		render(<App />)
		expect(screen.getByRole("status").textContent).toBe("Connecting to the extension…")
		postWindowMessage({ type: "state", state: emptyExtensionState("9.8.7") })
		expect(screen.getByTestId("version").textContent).toBe("Version 9.8.7")
		expect(screen.getByRole("form", { name: "Set up a model provider" })).toBeTruthy()
		postWindowMessage({
			type: "settingsUpdated",
			settings: { ...defaultSettings(), provider: { provider: "anthropic", modelId: "m" } },
			hasApiKey: true,
		})
		expect(screen.getByRole("main", { name: "Chat" })).toBeTruthy()
	})

	it("shows the chat of the current task", () => {
		render(<App />)
		postWindowMessage({ type: "state", state: stateWith([say("text", "Fix the login test")]) })
		expect(screen.getByRole("region", { name: "Current task" }).textContent).toContain(
			"Fix the login test",
		)
	})

	it("switches views from its navigation and from the host's title-bar buttons", async () => {
		render(<App />)
		postWindowMessage({ type: "state", state: stateWith([]) })
		fireEvent.click(screen.getByRole("button", { name: "History" }))
		// Views other than the chat are loaded on demand, so they appear a moment later.
		expect(await screen.findByRole("main", { name: "Task history" })).toBeTruthy()
		postWindowMessage({ type: "action", action: "settingsButtonClicked" })
		expect(await screen.findByRole("main", { name: "Settings" })).toBeTruthy()
		expect(screen.getByRole("button", { name: "Settings" }).getAttribute("aria-current")).toBe("page")
		postWindowMessage({ type: "action", action: "chatButtonClicked" })
		expect(screen.getByRole("main", { name: "Chat" })).toBeTruthy()
	})

	it("shows an error the host sends back until it is dismissed", () => {
		render(<App />)
		postWindowMessage({ type: "error", error: "bad message", code: "invalid_message" })
		expect(screen.getByRole("alert").textContent).toBe("bad message")
		fireEvent.click(screen.getByRole("button", { name: "Dismiss error" }))
		expect(screen.queryByRole("alert")).toBeNull()
	})

	it("keeps the theme kind the host reports", () => {
		render(<App />)
		postWindowMessage({ type: "theme", kind: "high-contrast" })
		expect(useWebviewStore.getState().themeKind).toBe("high-contrast")
	})

	it("ignores window messages that are not from the host", () => {
		render(<App />)
		postWindowMessage("not an object")
		postWindowMessage(null)
		postWindowMessage({ type: 42 })
		expect(screen.getByRole("status").textContent).toBe("Connecting to the extension…")
	})
})

describe("accessibility", () => {
	it("every button in every view has an accessible name", async () => {
		const json = JSON.stringify
		renderWithList(<App />)
		postWindowMessage({
			type: "state",
			state: stateWith(
				[
					say("text", "Fix the total", { images: ["data:image/png;base64,AA=="] }),
					finishedRequest(),
					say("reasoning", "Look at total.ts"),
					say("text", "Here:\n\n```ts\nconst a = 1\n```"),
					say("tool", json({ tool: "appliedDiff", path: "a.ts", diff: "@@ -1 +1 @@\n-a\n+b\n" })),
					ask("command", json({ command: "npm test", deniedBy: "npm" })),
					ask("command_output", "ok"),
					ask("followup", json({ question: "Which?", suggest: [{ answer: "This one" }] })),
				],
				{ taskHistory: [{ id: "h1", ts: 1, task: "Old", tokensIn: 1, tokensOut: 1, totalCost: 0 }] },
			),
		})
		await waitFor(() => expect(document.querySelectorAll(".row").length).toBeGreaterThan(5))
		for (const [view, main] of [
			["Chat", "Chat"],
			["History", "Task history"],
			["Settings", "Settings"],
		]) {
			fireEvent.click(screen.getByRole("button", { name: view }))
			await screen.findByRole("main", { name: main })
			const buttons = screen.getAllByRole("button")
			const named = screen.getAllByRole("button", { name: /\S/ })
			expect(named.length, view).toBe(buttons.length)
		}
	})
})
