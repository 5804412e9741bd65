import type { ClineMessage } from "@cairn/types"
import { render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showLanguage } from "../../i18n/showLanguage"
import { apiRequest, ask, say } from "../../test/fixtures"
import { MessageRow } from "./MessageRow"

const json = (value: unknown) => JSON.stringify(value)
const renderRow = (message: ClineMessage) =>
	render(<MessageRow message={message} isFirst={false} isLast={false} isCurrentRequest={false} />)

describe("rows in the person's language", () => {
	it("German: a tool's title says what Cairn wants, with the line it names", async () => {
		await showLanguage("de")
		renderRow(ask("tool", json({ tool: "insertContent", path: "src/a.ts", diff: "", lineNumber: 12 })))
		expect(screen.getByText("Cairn möchte Inhalt in Zeile 12 einfügen")).toBeTruthy()
		expect(screen.getByTitle("src/a.ts in Zeile 12 öffnen")).toBeTruthy()
	})

	it("German: a retry count takes the singular or the plural form", async () => {
		await showLanguage("de")
		const ended = (attempt: number) =>
			say(
				"api_req_retry_delayed",
				json({ attempt, maxAttempts: 5, delayMs: 0, error: "x", result: "failed" }),
			)
		renderRow(ended(1))
		renderRow(ended(3))
		expect(screen.getByText("Die Anfrage ist nach 1 Wiederholung fehlgeschlagen")).toBeTruthy()
		expect(screen.getByText("Die Anfrage ist nach 3 Wiederholungen fehlgeschlagen")).toBeTruthy()
	})

	it("German: a blocked path keeps its code spans, and a cost is written the German way", async () => {
		await showLanguage("de")
		const { container } = renderRow(say("rooignore_error", "secrets/.env"))
		expect(container.textContent).toContain(
			"secrets/.env wird durch die Datei .cairnignore dieses Arbeitsbereichs blockiert",
		)
		expect([...container.querySelectorAll("code")].map((code) => code.textContent)).toEqual([
			"secrets/.env",
			".cairnignore",
		])
		renderRow(apiRequest({ request: "task", cost: 0.5, tokensIn: 1200, tokensOut: 30 }))
		expect(screen.getByText("0,50 $")).toBeTruthy()
		expect(screen.getByText("API-Anfrage")).toBeTruthy()
	})

	it("Japanese: a command waiting for approval, and how a tool call ended", async () => {
		await showLanguage("ja")
		renderRow(ask("command", json({ command: "npm test" })))
		expect(screen.getByText("コマンド")).toBeTruthy()
		renderRow(say("tool", json({ tool: "readFile", path: "README.md" }), { outcome: "rejected" }))
		expect(screen.getByText("Cairn はこのファイルを読み取ろうとしました")).toBeTruthy()
		expect(screen.getByText("拒否")).toBeTruthy()
	})

	it("Russian: a count picks among the language's plural forms", async () => {
		await showLanguage("ru")
		const output = (lines: number) =>
			say("command_output", Array.from({ length: lines + 200 }, (_, i) => `line ${i}`).join("\n"))
		const { container } = renderRow(output(5))
		expect(container.textContent).toContain("… 5 более ранних строк")
	})
})
