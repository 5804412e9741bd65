import type { ClineMessage, Problem } from "@cairn/types"
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showLanguage } from "../../../i18n/showLanguage"
import { useWebviewStore } from "../../../state/store"
import { apiRequest, ask, loadTask, say } from "../../../test/fixtures"
import { renderWithList } from "../../../test/renderWithList"
import { posted } from "../../../test/setup"
import { ChatView } from "../../chat/ChatView"
import { MessageRow } from "../MessageRow"

const refused: Problem = {
	kind: "provider_unreachable",
	params: { endpoint: "http://127.0.0.1:1234/v1", said: "connect ECONNREFUSED 127.0.0.1:1234" },
}
const english =
	"Could not connect to the OpenAI-compatible server at http://127.0.0.1:1234/v1: connect ECONNREFUSED 127.0.0.1:1234."

/** The rows the host writes for a request that failed after two retries (see modelRequests). */
const failedAfterRetries = (): ClineMessage[] => [
	say("text", "Add a README"),
	apiRequest({ request: "Add a README", cancelReason: "streaming_failed" }),
	say(
		"api_req_retry_delayed",
		JSON.stringify({ attempt: 2, maxAttempts: 2, delayMs: 40, result: "failed" }),
	),
	ask("api_req_failed", english, { problem: refused }),
]

const box = () => screen.getByRole("textbox", { name: "Message to Cairn" }) as HTMLTextAreaElement
/** The failed request's row, once the virtual list has shown it. */
async function failedRow() {
	await waitFor(() => expect(document.querySelector('[data-kind="api_req_failed"]')).not.toBeNull())
	return within(document.querySelector<HTMLElement>('[data-kind="api_req_failed"]') as HTMLElement)
}

describe("a request that failed for good", () => {
	it("is told once: the cause under one error row, the retries as one row that says how it ended", async () => {
		loadTask(failedAfterRetries())
		renderWithList(<ChatView />)
		const row = await failedRow()
		expect((document.body.textContent ?? "").split("ECONNREFUSED")).toHaveLength(2)
		expect(screen.getByText("The request failed after 2 retries")).toBeTruthy()
		expect(row.getByText("API request failed")).toBeTruthy()
		expect(
			row.getByText(
				"Could not connect to http://127.0.0.1:1234/v1. Check the base URL in Settings and that the server is running.",
			),
		).toBeTruthy()
		expect(row.getByText("Reason: connect ECONNREFUSED 127.0.0.1:1234")).toBeTruthy()
	})

	it("offers Retry and Open Settings on the row; the chat box says what to do", async () => {
		loadTask(failedAfterRetries())
		renderWithList(<ChatView />)
		expect(box().placeholder).toBe("The request failed: press Retry, or fix the provider in Settings")
		const row = await failedRow()
		fireEvent.click(row.getByRole("button", { name: "Retry" }))
		expect(posted).toEqual([{ type: "askResponse", askResponse: "yesButtonClicked" }])
		fireEvent.click(row.getByRole("button", { name: "Open Settings" }))
		expect(useWebviewStore.getState().view).toBe("settings")
	})

	it("offers Retry once, on the row beside the cause: the chat's button bar keeps only New Task", async () => {
		loadTask(failedAfterRetries())
		renderWithList(<ChatView />)
		await failedRow()
		expect(screen.getAllByRole("button", { name: "Retry" })).toHaveLength(1)
		const bar = within(document.querySelector<HTMLElement>(".chat-buttons") as HTMLElement)
		expect(bar.queryByRole("button", { name: "Retry" })).toBeNull()
		fireEvent.click(bar.getByRole("button", { name: "New Task" }))
		expect(posted).toEqual([{ type: "clearTask" }])
	})

	it("a 401 says the key was refused, with the provider's words as the reason", () => {
		const problem: Problem = {
			kind: "provider_auth",
			params: { endpoint: "https://api.anthropic.com", status: 401, said: "invalid x-api-key" },
		}
		render(
			<MessageRow
				message={ask("api_req_failed", "The API key for Anthropic was rejected", { problem })}
				isFirst={false}
				isLast
				isCurrentRequest={false}
			/>,
		)
		expect(
			screen.getByText(
				"The API key was refused by https://api.anthropic.com. Set a valid key in Settings.",
			),
		).toBeTruthy()
		expect(screen.getByText("Reason: 401 invalid x-api-key")).toBeTruthy()
		expect(screen.queryByText(/pass --api-key/)).toBeNull()
	})

	it("an answered (older) failure keeps its words but offers no buttons", () => {
		render(
			<MessageRow
				message={ask("api_req_failed", english, { problem: refused })}
				isFirst={false}
				isLast={false}
				isCurrentRequest={false}
			/>,
		)
		expect(screen.queryByRole("button")).toBeNull()
	})

	it("a task saved before problems were sent shows its English text", () => {
		render(
			<MessageRow
				message={ask("api_req_failed", english)}
				isFirst={false}
				isLast={false}
				isCurrentRequest={false}
			/>,
		)
		expect(screen.getByText(english)).toBeTruthy()
	})

	it("German: the sentence comes from the kind, the socket's words stay as said", async () => {
		await showLanguage("de")
		loadTask(failedAfterRetries())
		renderWithList(<ChatView />)
		const row = await failedRow()
		expect(
			row.getByText(
				"Keine Verbindung zu http://127.0.0.1:1234/v1. Prüfen Sie die Basis-URL in den Einstellungen und ob der Server läuft.",
			),
		).toBeTruthy()
		expect(row.getByText("Grund: connect ECONNREFUSED 127.0.0.1:1234")).toBeTruthy()
		expect(row.getByRole("button", { name: "Einstellungen öffnen" })).toBeTruthy()
		const german = screen.getByRole("textbox", { name: "Nachricht an Cairn" }) as HTMLTextAreaElement
		expect(german.placeholder).toMatch(/^Die Anfrage ist fehlgeschlagen/)
	})
})
