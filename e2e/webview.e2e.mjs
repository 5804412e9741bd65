// The packaged extension in a real VS Code (code-server) seen through a real browser: the
// sidebar and an editor tab both load the webview, which gets its version from the host's
// `state` reply to `webviewDidLaunch`.
import { mkdirSync } from "node:fs"
import path from "node:path"
import { launchBrowser } from "./lib/browser.mjs"
import { startCodeServer } from "./lib/codeServer.mjs"
import { createSuite } from "./lib/harness.mjs"
import { watchWebviewErrors } from "./lib/webviewErrors.mjs"
import { screenshotsDir, extensionId, extensionVersion, viewContainerTitle, vsixPath } from "./lib/paths.mjs"
import {
	activityBarItem,
	runCommand,
	waitForWorkbench,
	webviewContent,
	webviewFrames,
} from "./lib/workbench.mjs"

export async function runWebviewTests() {
	mkdirSync(screenshotsDir, { recursive: true })
	const screenshot = async (page, name) => {
		// A hover tooltip left over from a click would cover part of the view.
		await page.mouse.move(900, 700)
		await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`) })
	}
	const expectedVersion = `Version ${extensionVersion}`

	const server = await startCodeServer({ vsix: vsixPath, label: "code-server (webview tests)" })
	const { browser, context } = await launchBrowser()
	const page = await context.newPage()
	const pageErrors = []
	page.on("pageerror", (error) => pageErrors.push(error))
	const webviewErrors = watchWebviewErrors(page, extensionId)
	// Console messages of every frame, webviews included, arrive here.
	const cspViolations = []
	page.on("console", (message) => {
		if (/Content Security Policy|Refused to (load|execute|apply|evaluate)/i.test(message.text())) {
			cspViolations.push(message.text())
		}
	})

	const suite = createSuite("webview")

	suite.test("the workbench opens the workspace and shows the Cairn activity-bar item", async () => {
		await page.goto(server.workspaceUrl(), { waitUntil: "domcontentloaded" })
		await waitForWorkbench(page)
		await activityBarItem(page, viewContainerTitle).waitFor({ timeout: 20_000 })
		await screenshot(page, "workbench")
	})

	suite.test("the sidebar shows the welcome view with the version from the host's state", async () => {
		await activityBarItem(page, viewContainerTitle).click()
		const sidebar = webviewContent(page, extensionId)
		await sidebar.getByRole("heading", { name: "Cairn" }).waitFor({ timeout: 20_000 })
		const version = sidebar.getByTestId("version")
		await version.waitFor({ timeout: 20_000 })
		assertEqual(await version.textContent(), expectedVersion, "sidebar version")
		await screenshot(page, "sidebar")
	})

	suite.test('"Cairn: Open in New Tab" opens the same view in an editor tab', async () => {
		await runCommand(page, "Cairn: Open in New Tab")
		await page.locator(".tabs-container .tab", { hasText: "Cairn" }).waitFor({ timeout: 15_000 })
		// The sidebar stays open, so there are now two Cairn webviews and both must have loaded.
		await webviewFrames(page, extensionId).nth(1).waitFor({ timeout: 20_000 })
		assertEqual(await webviewFrames(page, extensionId).count(), 2, "Cairn webviews")
		for (const index of [0, 1]) {
			const version = webviewContent(page, extensionId, index).getByTestId("version")
			await version.waitFor({ timeout: 20_000 })
			assertEqual(await version.textContent(), expectedVersion, `version in webview ${index}`)
		}
		await screenshot(page, "tab")
	})

	suite.test("the webviews ran under their strict CSP without a single violation", async () => {
		assertEqual(cspViolations, [], "CSP violations")
	})

	suite.test("the webviews reported no uncaught error", async () => webviewErrors.assertNone())

	// Proves the check above can fail: a state message without a state makes the UI's reducer
	// throw, which the webview reports (naming the message) before asking for a fresh state. This
	// test's injected message is the one such report a passing run logs.
	suite.test("an error thrown inside the webview is caught by the error watch", async () => {
		const frame = page
			.frames()
			.find((candidate) => candidate.url().includes("/webview/browser/pre/fake.html"))
		if (frame === undefined) throw new Error("no webview content frame")
		await frame.evaluate(() =>
			globalThis.dispatchEvent(new MessageEvent("message", { data: { type: "state", state: null } })),
		)
		for (const deadline = Date.now() + 5000; webviewErrors.errors.length === 0 && Date.now() < deadline;)
			await new Promise((resolve) => setTimeout(resolve, 100))
		if (
			!webviewErrors.errors.some((error) =>
				error.includes(`could not apply the host's "state" message`),
			)
		)
			throw new Error(`the error watch saw ${JSON.stringify(webviewErrors.errors)}`)
	})

	try {
		const results = await suite.run()
		if (pageErrors.length > 0)
			console.log(`  (workbench page errors: ${pageErrors.map(String).join("; ")})`)
		return results
	} finally {
		await browser.close().catch(() => {})
		await server.stop()
	}
}

function assertEqual(actual, expected, what) {
	if (JSON.stringify(actual) !== JSON.stringify(expected))
		throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`)
}
