import type { ClineMessage } from "@cairn/types"
import { render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showLanguage } from "../../../i18n/showLanguage"
import { ask, say } from "../../../test/fixtures"
import { MessageRow } from "../MessageRow"

const renderRow = (message: ClineMessage) =>
	render(<MessageRow message={message} isFirst={false} isLast={false} isCurrentRequest={false} />)

/** The host's rows (contextManager, mistakeLimit, modelRequests): English text, and the kind beside it. */
const nothingNew = () =>
	say(
		"condense_context_error",
		"Nothing to condense: the conversation has not grown since it was last condensed.",
		{
			notice: { kind: "condense_nothing_new" },
		},
	)
const summaryFailed = () =>
	say("condense_context_error", "The summarization request failed: 500 overloaded", {
		notice: { kind: "condense_failed", params: { said: "500 overloaded" } },
	})
const truncated = (count: number) =>
	say("sliding_window_truncation", `Removed the ${count} oldest messages sent to the model …`, {
		notice: { kind: "context_truncated", params: { count, before: 900, after: 400, window: 1000 } },
	})
const mistakes = () =>
	ask(
		"mistake_limit_reached",
		"The model has failed several times in a row. You can give it guidance and let it try again.",
		{ notice: { kind: "mistake_limit" } },
	)
const tooLarge = () =>
	ask("api_req_failed", "The conversation no longer fits this model's context window: …", {
		problem: { kind: "context_too_large", params: { tokens: 950, available: 800, window: 1000 } },
	})

describe("notices the host words as a kind", () => {
	it("German: condensing's notices and the turns left out are told in German, the error's words as said", async () => {
		await showLanguage("de")
		renderRow(nothingNew())
		renderRow(summaryFailed())
		renderRow(truncated(1))
		renderRow(truncated(3))
		expect(
			screen.getByText(
				"Nichts zu verdichten: Das Gespräch ist seit dem letzten Verdichten nicht gewachsen.",
			),
		).toBeTruthy()
		expect(
			screen.getByText("Die Anfrage für die Zusammenfassung ist fehlgeschlagen: 500 overloaded"),
		).toBeTruthy()
		expect(
			screen.getByText(/^Die 1 älteste an das Modell gesendete Nachricht wurde weggelassen/),
		).toBeTruthy()
		expect(
			screen.getByText(
				"Die 3 ältesten an das Modell gesendeten Nachrichten wurden weggelassen (etwa 900 → 400 Tokens), damit die Anfrage in sein Kontextfenster von 1000 Tokens passt. Der Chat behält sie alle.",
			),
		).toBeTruthy()
		expect(document.body.textContent).not.toMatch(/Nothing to condense|summarization|Removed the/)
	})

	it("German: the repeated mistakes are told once, without the host's English", async () => {
		await showLanguage("de")
		renderRow(mistakes())
		expect(screen.getByText(/^Das Modell hat mehrere Fehler hintereinander gemacht/)).toBeTruthy()
		expect(document.body.textContent).not.toContain("The model has failed")
	})

	it("Japanese: a conversation too large for the window says its figures", async () => {
		await showLanguage("ja")
		renderRow(tooLarge())
		expect(
			screen.getByText(
				/^会話がモデルのコンテキストウィンドウに収まらなくなりました: 次のリクエストは約 950 トークン/,
			),
		).toBeTruthy()
		expect(document.body.textContent).not.toContain("no longer fits")
	})

	it("a row from before notices shows the text it was stored with", async () => {
		await showLanguage("en")
		renderRow(say("condense_context_error", "Condensing was cancelled."))
		expect(screen.getByText("Condensing was cancelled.")).toBeTruthy()
	})
})
