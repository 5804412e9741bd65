// Selectors for the VS Code workbench as code-server 4.100 renders it.

export async function waitForWorkbench(page, timeout = 30_000) {
	await page.locator(".monaco-workbench .activitybar").waitFor({ timeout })
	await page.locator(".statusbar").waitFor({ timeout })
}

export function activityBarItem(page, title) {
	return page.locator(`.activitybar a.action-label[aria-label="${title}"]`)
}

/** The page inside a webview: the outer iframe is the editor's host frame, the inner one the content. */
export function webviewContent(page, extensionId, index = 0) {
	return page
		.locator(`iframe.webview.ready[src*="extensionId=${extensionId}"]`)
		.nth(index)
		.contentFrame()
		.locator("iframe#active-frame")
		.contentFrame()
}

export function webviewFrames(page, extensionId) {
	return page.locator(`iframe.webview.ready[src*="extensionId=${extensionId}"]`)
}

/**
 * Runs a command from the palette. A command that opens a quick input of its own (a folder
 * dialog) keeps the widget on screen, so `opensInput` skips the wait for it to close: the
 * caller waits for what the command shows.
 */
export async function runCommand(page, title, timeout = 15_000, { opensInput = false } = {}) {
	// Focus may be inside a webview, which swallows F1; the status bar belongs to the workbench.
	await page.locator(".statusbar").click()
	await page.keyboard.press("F1")
	const input = page.locator(".quick-input-widget input.input")
	await input.waitFor({ state: "visible", timeout })
	await input.fill(`>${title}`)
	await page.locator(".quick-input-list .monaco-list-row", { hasText: title }).first().waitFor({ timeout })
	await page.keyboard.press("Enter")
	if (!opensInput) await input.waitFor({ state: "hidden", timeout })
}

/** Fills the first-use provider form in the sidebar with an OpenAI-compatible model server. */
export async function setUpProvider(sidebar, baseURL) {
	const form = sidebar.getByRole("form", { name: "Set up a model provider" })
	await form.waitFor({ timeout: 30_000 })
	await form.getByLabel("Provider").selectOption("openai")
	// In the form's order, each field entered (Enter) before the next: the base URL, the key
	// (stored at once), then the model id, typed into the picker that lists the server's models.
	await form.getByLabel(/^Base URL/).fill(baseURL)
	await form.getByLabel(/^Base URL/).press("Enter")
	await form.getByLabel("API key", { exact: true }).fill("test-key")
	await form.getByLabel("API key", { exact: true }).press("Enter")
	await form.getByLabel("Model id", { exact: true }).fill("gpt-4.1")
	await form.getByLabel("Model id", { exact: true }).press("Enter")
	await form.getByRole("button", { name: "Save and start" }).click()
}

/**
 * Opens the workspace at `url`, then the Cairn view (its activity-bar item is titled
 * `viewTitle`), and sets up the OpenAI-compatible model at `baseURL`: where a task suite starts.
 */
export async function openCairnWithProvider(page, { url, viewTitle, sidebar, baseURL }) {
	await page.goto(url, { waitUntil: "domcontentloaded" })
	await waitForWorkbench(page)
	await activityBarItem(page, viewTitle).click()
	await setUpProvider(sidebar, baseURL)
}
