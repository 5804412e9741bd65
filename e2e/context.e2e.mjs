// Context management in the real editor: after a task has read a file and answered, the person
// presses the task header's Condense button; the model server answers the summarization request,
// and the chat shows the condense row with that summary. After one more answer, "Cairn: Condense
// Context" from the palette condenses the open task again. "Cairn: Add Selection to Context", run
// in a window where Cairn's view has not loaded yet, shows Cairn with the selection in its chat box.
import { writeFileSync } from "node:fs"
import path from "node:path"
import { startModelServer } from "@cairn/model-server"
import { launchBrowser } from "./lib/browser.mjs"
import { startCodeServer } from "./lib/codeServer.mjs"
import { createSuite } from "./lib/harness.mjs"
import { extensionId, screenshotsDir, viewContainerTitle, vsixPath } from "./lib/paths.mjs"
import { watchWebviewErrors } from "./lib/webviewErrors.mjs"
import { runCommand, openCairnWithProvider, waitForWorkbench, webviewContent } from "./lib/workbench.mjs"

// What the model read must take more room than a summary of it, or condensing would not help.
const notes = Array.from({ length: 60 }, (_, i) => `- release 1.${i}: fixed issue #${100 + i}`).join("\n")
const firstSummary =
	"The person asked Cairn to read notes.md: the release notes of versions 1.0 to 1.59, one fixed issue each (#100 to #159). Cairn read it and reported back; nothing was changed."
const secondSummary = "Notes read, goodbye said; nothing is left."

// A condense on request happens at a known point (the task is idle), so queued turns answer the
// summarization requests in order.
const complete = (result) => ({ toolCalls: [{ name: "attempt_completion", arguments: { result } }] })
const scenario = [
	{ toolCalls: [{ name: "read_file", arguments: { path: "notes.md" } }] },
	complete("I read the release notes."),
	{ text: firstSummary },
	complete("Goodbye!"),
	{ text: secondSummary },
]

export async function runContextTests() {
	const model = await startModelServer({ lifetimeMs: 300_000, scenario })
	const server = await startCodeServer({ vsix: vsixPath, label: "code-server (context tests)" })
	writeFileSync(path.join(server.dirs.workspace, "notes.md"), notes)
	const { browser, context } = await launchBrowser()
	const page = await context.newPage()
	const webviewErrors = watchWebviewErrors(page, extensionId)
	const screenshot = async (name) => {
		await page.mouse.move(900, 700)
		await page.screenshot({ path: path.join(screenshotsDir, `context-${name}.png`) })
	}
	const sidebar = () => webviewContent(page, extensionId)
	const chatRequests = () => model.requests.filter((r) => r.route === "chat")
	const expectRequests = (count) => {
		if (chatRequests().length !== count)
			throw new Error(`the model got ${chatRequests().length} requests, expected ${count}`)
	}
	const condensedRows = () => sidebar().getByText(/^Context condensed: /)
	const suite = createSuite("context")

	suite.test(
		"the header's Condense button summarizes the task, and the chat shows the summary",
		async () => {
			await openCairnWithProvider(page, {
				url: server.workspaceUrl(),
				viewTitle: viewContainerTitle,
				sidebar: sidebar(),
				baseURL: model.openaiBaseURL,
			})
			const box = sidebar().getByRole("textbox", { name: "Message to Cairn" })
			await box.waitFor({ timeout: 20_000 })
			await box.fill("Read the release notes")
			await box.press("Enter")
			await sidebar().getByRole("button", { name: "Approve" }).click({ timeout: 30_000 })
			await sidebar().getByText("I read the release notes.").first().waitFor({ timeout: 30_000 })
			// The model's window is known (gpt-4.1 is in the catalog), so the header shows the bar.
			await sidebar().getByRole("meter", { name: "Context window" }).waitFor({ timeout: 10_000 })
			await sidebar().getByRole("button", { name: "Condense context" }).click()
			await condensedRows().first().waitFor({ timeout: 30_000 })
			await sidebar().getByRole("button", { name: "Show summary" }).click()
			await sidebar().getByText(firstSummary).waitFor({ timeout: 10_000 })
			expectRequests(3)
			if (!JSON.stringify(chatRequests()[2].body).includes("release 1.59"))
				throw new Error("the summarization request did not carry the conversation")
			await screenshot("1-condensed")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		'"Cairn: Condense Context" from the palette condenses the open task after its next answer',
		async () => {
			const box = sidebar().getByRole("textbox", { name: "Message to Cairn" })
			await box.fill("Now say goodbye")
			await box.press("Enter")
			await sidebar().getByText("Goodbye!").first().waitFor({ timeout: 30_000 })
			await runCommand(page, "Cairn: Condense Context")
			await condensedRows().nth(1).waitFor({ timeout: 30_000 })
			// The first row's summary is open ("Hide summary"); the new row's is the one to show.
			await sidebar().getByRole("button", { name: "Show summary" }).click()
			await sidebar().getByText(secondSummary).waitFor({ timeout: 10_000 })
			expectRequests(5)
			await screenshot("2-palette")
		},
		{ timeoutMs: 60_000 },
	)

	suite.test(
		'"Cairn: Add Selection to Context" in a window where Cairn\'s view never loaded shows it with the selection in its chat box',
		async () => {
			// The window opens again on the Explorer: the extension starts, Cairn's view stays unloaded.
			const explorer = page.locator('.activitybar a.action-label[aria-label^="Explorer"]')
			await explorer.click()
			const file = page.locator(".explorer-folders-view .monaco-list-row", { hasText: "notes.md" })
			await file.waitFor({ timeout: 15_000 })
			await page.reload({ waitUntil: "domcontentloaded" })
			await waitForWorkbench(page)
			// The workbench stores the view it shows lazily: on a busy machine it may come back on
			// Cairn's. Then the Explorer is opened (clicking it when it is shown would close it).
			await file.waitFor({ timeout: 10_000 }).catch(async () => {
				if (!(await page.locator(".explorer-folders-view").isVisible())) await explorer.click()
			})
			await file.waitFor({ timeout: 30_000 })
			await file.click()
			const text = page.locator(".editor-instance .monaco-editor .view-lines")
			await text.getByText("release 1.0: fixed issue #100").waitFor({ timeout: 15_000 })
			await text.click()
			await page.keyboard.press("Control+A")
			await runCommand(page, "Cairn: Add Selection to Context", 30_000)
			const box = sidebar().getByRole("textbox", { name: "Message to Cairn" })
			await box.waitFor({ timeout: 30_000 })
			const holdsSelection = (value) =>
				value.includes("notes.md (lines 1-60):") && value.includes("release 1.59")
			const deadline = Date.now() + 15_000
			let value = await box.inputValue()
			while (!holdsSelection(value) && Date.now() < deadline) {
				await page.waitForTimeout(250)
				value = await box.inputValue()
			}
			if (!holdsSelection(value))
				throw new Error(`the chat box holds ${JSON.stringify(value.slice(0, 200))}`)
			await screenshot("3-selection-added")
		},
		{ timeoutMs: 120_000 },
	)

	suite.test("the webview reported no uncaught error", async () => webviewErrors.assertNone())

	try {
		return await suite.run()
	} finally {
		await browser.close().catch(() => {})
		await server.stop()
		await model.close()
	}
}
