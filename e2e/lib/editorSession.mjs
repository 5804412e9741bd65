// One real-editor suite's world: a model server playing `scenario`, code-server with the packaged
// extension, and a browser page on it, with what every suite does with them in one place.
import path from "node:path"
import { startModelServer } from "@cairn/model-server"
import { launchBrowser } from "./browser.mjs"
import { startCodeServer } from "./codeServer.mjs"
import { extensionId, screenshotsDir, viewContainerTitle, vsixPath } from "./paths.mjs"
import { watchWebviewErrors } from "./webviewErrors.mjs"
import { openCairnWithProvider, webviewContent } from "./workbench.mjs"

/**
 * Starts the session for the suite `name` (its screenshots are `<name>-<step>.png`).
 * `prepareWorkspace(dir)` runs before the editor opens the workspace. `sideTurns` answer requests
 * the scenario's queue does not (several tasks at once, each playing its own conversation).
 */
export async function startEditorSession({ name, scenario, sideTurns, prepareWorkspace }) {
	const model = await startModelServer({ lifetimeMs: 300_000, scenario, ...(sideTurns && { sideTurns }) })
	const server = await startCodeServer({ vsix: vsixPath, label: `code-server (${name} tests)` })
	await prepareWorkspace?.(server.dirs.workspace)
	const { browser, context } = await launchBrowser()
	const page = await context.newPage()
	const webviewErrors = watchWebviewErrors(page, extensionId)
	const sidebar = () => webviewContent(page, extensionId)
	return {
		model,
		server,
		page,
		sidebar,
		/** The chat box. */
		chatBox: () => sidebar().getByRole("textbox", { name: "Message to Cairn" }),
		/** The mouse is moved off the sidebar first, so no hover state shows. */
		async screenshot(step) {
			await page.mouse.move(900, 700)
			await page.screenshot({ path: path.join(screenshotsDir, `${name}-${step}.png`) })
		},
		/** Opens the workspace and the Cairn view, set up with the model server; resolves once the chat box is there. */
		async openCairn() {
			await openCairnWithProvider(page, {
				url: server.workspaceUrl(),
				viewTitle: viewContainerTitle,
				sidebar: sidebar(),
				baseURL: model.openaiBaseURL,
			})
			await sidebar().getByRole("textbox", { name: "Message to Cairn" }).waitFor({ timeout: 20_000 })
		},
		/** Runs the suite, then checks the webview threw nothing, and closes everything whatever happened. */
		async run(suite) {
			suite.test("the webview reported no uncaught error", async () => webviewErrors.assertNone())
			// A failed test leaves a screenshot and the chat's last rows: a busy CI machine's
			// failures cannot be watched, only read afterwards.
			const onFailure = async (_title, index) => {
				await page
					.screenshot({
						path: path.join(screenshotsDir, `${name}-failed-${index}.png`),
						timeout: 10_000,
					})
					.catch(() => {})
				const rows = await sidebar().locator(".row").allInnerTexts()
				const chats = model.requests.filter((r) => r.route === "chat").length
				const last = rows.slice(-6).map((text) => `| ${text.replace(/\s+/g, " ").slice(0, 200)}`)
				return [`model requests (chat): ${chats}; rows: ${rows.length}`, ...last].join("\n")
			}
			try {
				return await suite.run({ onFailure })
			} finally {
				await browser.close().catch(() => {})
				await server.stop()
				await model.close()
			}
		},
	}
}
