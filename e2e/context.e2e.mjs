// Context management in the real editor: after a task's first answer the person presses the
// task header's Condense button; the model server answers the summarization request, and the
// chat shows the condense row with that summary. Then "Cairn: Condense Context" from the palette
// does the same for the task still open.
import path from "node:path"
import { startModelServer } from "@cairn/model-server"
import { launchBrowser } from "./lib/browser.mjs"
import { startCodeServer } from "./lib/codeServer.mjs"
import { createSuite } from "./lib/harness.mjs"
import { extensionId, screenshotsDir, viewContainerTitle, vsixPath } from "./lib/paths.mjs"
import { watchWebviewErrors } from "./lib/webviewErrors.mjs"
import {
	activityBarItem,
	runCommand,
	setUpProvider,
	waitForWorkbench,
	webviewContent,
} from "./lib/workbench.mjs"

const firstSummary = "The person asked for a greeting; Cairn answered it and finished the task."
const secondSummary = "A greeting was asked for and given; nothing is left to do."

// A condense on request happens at a known point (the task is idle), so queued turns can answer
// the summarization requests in order.
const scenario = [
	{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Hello there!" } }] },
	{ text: firstSummary },
	{ text: secondSummary },
]

export async function runContextTests() {
	const model = await startModelServer({ lifetimeMs: 300_000, scenario })
	const server = await startCodeServer({ vsix: vsixPath, label: "code-server (context tests)" })
	const { browser, context } = await launchBrowser()
	const page = await context.newPage()
	const webviewErrors = watchWebviewErrors(page, extensionId)
	const screenshot = async (name) => {
		await page.mouse.move(900, 700)
		await page.screenshot({ path: path.join(screenshotsDir, `context-${name}.png`) })
	}
	const sidebar = () => webviewContent(page, extensionId)
	const chatRequests = () => model.requests.filter((r) => r.route === "chat")
	const condenseButton = () => sidebar().getByRole("button", { name: "Condense context" })
	const condensedRows = () => sidebar().getByText(/^Context condensed: /)
	const suite = createSuite("context")

	suite.test(
		"the header's Condense button summarizes the task, and the chat shows the summary",
		async () => {
			await page.goto(server.workspaceUrl(), { waitUntil: "domcontentloaded" })
			await waitForWorkbench(page)
			await activityBarItem(page, viewContainerTitle).click()
			await setUpProvider(sidebar(), model.openaiBaseURL)
			const box = sidebar().getByRole("textbox", { name: "Message to Cairn" })
			await box.waitFor({ timeout: 20_000 })
			await box.fill("Say hello")
			await box.press("Enter")
			await sidebar().getByText("Hello there!").first().waitFor({ timeout: 30_000 })
			// The model's window is known (gpt-4.1 is in the catalog): the header shows the bar.
			await sidebar().getByRole("meter", { name: "Context window" }).waitFor({ timeout: 10_000 })
			await condenseButton().click()
			await condensedRows().first().waitFor({ timeout: 30_000 })
			await sidebar().getByRole("button", { name: "Show summary" }).first().click()
			await sidebar().getByText(firstSummary).waitFor({ timeout: 10_000 })
			const requests = chatRequests()
			if (requests.length !== 2)
				throw new Error(`the model got ${requests.length} requests, expected 2`)
			if (!JSON.stringify(requests[1].body).includes("Say hello"))
				throw new Error("the summarization request did not carry the conversation")
			await screenshot("1-condensed")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		'"Cairn: Condense Context" from the palette condenses the open task again',
		async () => {
			await runCommand(page, "Cairn: Condense Context")
			await condensedRows().nth(1).waitFor({ timeout: 30_000 })
			// The first row's summary is open ("Hide summary"); the new row's is the one to show.
			await sidebar().getByRole("button", { name: "Show summary" }).click()
			await sidebar().getByText(secondSummary).waitFor({ timeout: 10_000 })
			if (chatRequests().length !== 3)
				throw new Error(`the model got ${chatRequests().length} requests, expected 3`)
			await screenshot("2-palette")
		},
		{ timeoutMs: 45_000 },
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
