import { fireEvent, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showLanguage } from "../../i18n/showLanguage"
import { useWebviewStore } from "../../state/store"
import { ask, finishedRequest, loadTask, say } from "../../test/fixtures"
import { renderWithList } from "../../test/renderWithList"
import { posted } from "../../test/setup"
import { ChatView } from "./ChatView"

describe("the chat in the person's language", () => {
	it("Japanese: the task header, the transcript and the approval buttons", async () => {
		await showLanguage("ja")
		loadTask([
			say("text", "Refactor calculateTotal"),
			finishedRequest(),
			ask("tool", JSON.stringify({ tool: "readFile", path: "src/total.ts" })),
		])
		renderWithList(<ChatView />)
		expect(screen.getByRole("region", { name: "現在のタスク" })).toBeTruthy()
		expect(await screen.findByText("Cairn がこのファイルを読み取ろうとしています")).toBeTruthy()
		expect(screen.getByRole("textbox", { name: "Cairn へのメッセージ" })).toBeTruthy()
		fireEvent.click(screen.getByRole("button", { name: "承認" }))
		expect(posted).toEqual([{ type: "askResponse", askResponse: "yesButtonClicked" }])
	})

	it("German: queued messages count their images in the singular or the plural", async () => {
		await showLanguage("de")
		loadTask([say("text", "task"), finishedRequest()])
		useWebviewStore.setState({
			queue: [
				{ id: 1, text: "", images: ["data:image/png;base64,AAAA"] },
				{ id: 2, text: "", images: ["data:image/png;base64,AAAA", "data:image/png;base64,BBBB"] },
			],
		})
		renderWithList(<ChatView />)
		expect(screen.getByText("1 Bild")).toBeTruthy()
		expect(screen.getByText("2 Bilder")).toBeTruthy()
		expect(screen.getByRole("button", { name: "Eingereihte Nachricht 2 entfernen" })).toBeTruthy()
	})
})
