// Checkpoints in the real editor: the model rewrites a file (approved in the chat); the chat
// shows the checkpoint saved before that turn; "View changes" opens VS Code's multi-file diff
// editor on it (headers as a file diff's); "Restore files" (confirmed) brings the file's first
// content back on disk and closes the diff it made stale. The row's actions show on hover.
import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { startModelServer } from "@cairn/model-server"
import { launchBrowser } from "./lib/browser.mjs"
import { startCodeServer } from "./lib/codeServer.mjs"
import { eventually } from "./lib/eventually.mjs"
import { createSuite } from "./lib/harness.mjs"
import { extensionId, screenshotsDir, viewContainerTitle, vsixPath } from "./lib/paths.mjs"
import { watchWebviewErrors } from "./lib/webviewErrors.mjs"
import { openCairnWithProvider, webviewContent } from "./lib/workbench.mjs"

const original = "export const greeting = 'hello'\n"
const rewritten = "export const greeting = 'hello, checkpoints'\n"
const scenario = [
	{ toolCalls: [{ name: "write_to_file", arguments: { path: "greeting.ts", content: rewritten } }] },
	{ toolCalls: [{ name: "attempt_completion", arguments: { result: "I rewrote the greeting." } }] },
]

export async function runCheckpointTests() {
	const model = await startModelServer({ lifetimeMs: 300_000, scenario })
	const server = await startCodeServer({ vsix: vsixPath, label: "code-server (checkpoint tests)" })
	const file = path.join(server.dirs.workspace, "greeting.ts")
	writeFileSync(file, original)
	const { browser, context } = await launchBrowser()
	const page = await context.newPage()
	const webviewErrors = watchWebviewErrors(page, extensionId)
	const screenshot = async (name) => {
		await page.mouse.move(900, 700)
		await page.screenshot({ path: path.join(screenshotsDir, `checkpoints-${name}.png`) })
	}
	const sidebar = () => webviewContent(page, extensionId)
	let short = ""
	// The row's actions take the pointer only while it is hovered, as a person's would.
	const checkpointRow = () => sidebar().getByText(/^Checkpoint [0-9a-f]{7} \(before changes\)$/)
	const suite = createSuite("checkpoints")

	suite.test(
		"a turn that edits a file shows the checkpoint saved before it",
		async () => {
			await openCairnWithProvider(page, {
				url: server.workspaceUrl(),
				viewTitle: viewContainerTitle,
				sidebar: sidebar(),
				baseURL: model.openaiBaseURL,
			})
			const box = sidebar().getByRole("textbox", { name: "Message to Cairn" })
			await box.waitFor({ timeout: 20_000 })
			await box.fill("Make the greeting mention checkpoints")
			await box.press("Enter")
			await sidebar().getByRole("button", { name: "Approve" }).click({ timeout: 30_000 })
			await sidebar().getByText("I rewrote the greeting.").first().waitFor({ timeout: 30_000 })
			await eventually(() => readFileSync(file, "utf8") === rewritten, "the edit on disk")
			await checkpointRow().waitFor({ timeout: 10_000 })
			const row = checkpointRow()
			short = /Checkpoint ([0-9a-f]{7})/.exec(await row.textContent())[1]
			// Its actions show on hover or focus, as a native list's: not four buttons on every row.
			const view = sidebar().getByRole("button", { name: `View changes since checkpoint ${short}` })
			const opacity = () =>
				view.evaluate(
					(button) =>
						button.ownerDocument.defaultView.getComputedStyle(button.parentElement).opacity,
				)
			await page.mouse.move(900, 700)
			if ((await opacity()) !== "0") throw new Error("a checkpoint row shows its actions unasked")
			await screenshot("1-row")
			await row.hover()
			if ((await opacity()) !== "1")
				throw new Error("hovering a checkpoint row does not show its actions")
			// Taken where the pointer is, so the hovered row shows its actions.
			await page.screenshot({ path: path.join(screenshotsDir, "checkpoints-1b-row-hover.png") })
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"View changes opens the multi-file diff editor on what changed since the checkpoint",
		async () => {
			await checkpointRow().hover()
			await sidebar()
				.getByRole("button", { name: `View changes since checkpoint ${short}` })
				.click()
			await page
				.getByRole("tab", { name: new RegExp(`Changes since checkpoint ${short}`) })
				.waitFor({ timeout: 20_000 })
			await page.getByText("greeting.ts").first().waitFor({ timeout: 10_000 })
			// The header reads as a file diff's: the file's name and folder, no rename from elsewhere.
			const header = page.locator(".multiDiffEntry .header .file-path").first()
			await header.waitFor({ timeout: 10_000 })
			const status = (await header.locator(".status").textContent()).trim()
			const renamedFrom = (await header.locator(".title.original").textContent()).trim()
			if (status !== "" || renamedFrom !== "")
				throw new Error(`the diff's header reads ${JSON.stringify(await header.textContent())}`)
			await screenshot("2-diff")
		},
		{ timeoutMs: 45_000 },
	)

	suite.test(
		"Restore files, once confirmed, brings the file back and says what it did",
		async () => {
			await checkpointRow().hover()
			await sidebar()
				.getByRole("button", { name: `Restore files to checkpoint ${short}` })
				.click()
			await sidebar().getByRole("button", { name: "Restore files", exact: true }).click()
			await eventually(
				() => readFileSync(file, "utf8") === original,
				"the file's first content on disk",
			)
			await sidebar().getByText(`Files restored to checkpoint ${short}`).waitFor({ timeout: 20_000 })
			await sidebar()
				.getByText(/1 written back, 0 removed, 0 left alone/)
				.waitFor({ timeout: 10_000 })
			// The diff no longer said what changed: it is closed, not left with two equal sides.
			await page
				.getByRole("tab", { name: new RegExp(`Changes since checkpoint ${short}`) })
				.waitFor({ state: "detached", timeout: 10_000 })
			await screenshot("3-restored")
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
