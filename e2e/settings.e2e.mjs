// Settings in the real editor's narrow sidebar: the search box and the section links stay at the
// top, a search narrows the page to what mentions it, a link jumps to its section; and the task
// header's context bar shows its percentage, with the window, the part in use and the answer's
// reserve in its tooltip. Also the first run: the welcome form (provider, base URL, key, model
// picker) is how openCairn sets the model up.
import { startEditorSession } from "./lib/editorSession.mjs"
import { createSuite } from "./lib/harness.mjs"

const scenario = [
	{
		toolCalls: [{ name: "attempt_completion", arguments: { result: "Nothing to change." } }],
		usage: { inputTokens: 52_000, outputTokens: 1_000 },
	},
]

/** Polls an asynchronous check (a page query) until it holds. */
async function until(check, what, timeoutMs = 15_000) {
	for (const deadline = Date.now() + timeoutMs; !(await check());) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

export async function runSettingsTests() {
	const session = await startEditorSession({ name: "settings", scenario })
	const { sidebar, screenshot } = session
	const settings = () => sidebar().getByRole("main", { name: "Settings" })
	const heading = (name) => settings().getByRole("heading", { name, exact: true })
	const inView = (locator) =>
		locator.evaluate((element) => {
			const box = element.getBoundingClientRect()
			return box.bottom > 0 && box.top < element.ownerDocument.defaultView.innerHeight
		})
	const suite = createSuite("settings")

	suite.test(
		"a search narrows Settings to the settings that mention it, under a search box kept at the top",
		async () => {
			await session.openCairn()
			await sidebar().getByRole("button", { name: "Settings" }).click()
			await settings()
				.getByRole("navigation", { name: "Settings sections" })
				.waitFor({ timeout: 15_000 })
			await screenshot("1-sections")
			await settings().getByRole("searchbox", { name: "Search settings" }).fill("sandbox network")
			await heading("Agent").waitFor({ state: "hidden", timeout: 10_000 })
			if (!(await heading("Commands").isVisible())) throw new Error("the Commands section is hidden")
			const links = await settings().getByRole("navigation").getByRole("link").allTextContents()
			if (links.join("|") !== "Commands") throw new Error(`the section links are ${links.join(", ")}`)
			await screenshot("2-search")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"a section link jumps to its section, the search box still in view",
		async () => {
			await settings().getByRole("searchbox", { name: "Search settings" }).fill("")
			await heading("Agent").waitFor({ timeout: 10_000 })
			if (await inView(heading("Agent"))) throw new Error("Agent is in view before the jump")
			await settings().getByRole("navigation").getByRole("link", { name: "Agent" }).click()
			await until(() => inView(heading("Agent")), "the Agent section in view")
			if (!(await inView(settings().getByRole("searchbox"))))
				throw new Error("the search box scrolled away")
			await screenshot("3-jump")
		},
		{ timeoutMs: 30_000 },
	)

	suite.test(
		"the context bar shows its percentage, and says the window, the part in use and the answer's reserve",
		async () => {
			await sidebar().getByRole("button", { name: "Chat" }).click()
			const box = session.chatBox()
			await box.fill("Is there anything to change?")
			await box.press("Enter")
			await sidebar().getByText("Nothing to change.").first().waitFor({ timeout: 30_000 })
			const bar = sidebar().locator(".context-window")
			await bar.waitFor({ timeout: 15_000 })
			const percent = await bar.locator(".context-window-percent").textContent()
			if (!/^\d+\s?%$/.test(percent ?? "")) throw new Error(`the bar's percentage reads ${percent}`)
			const tooltip = (await bar.getAttribute("title")) ?? ""
			if (
				!/^Context window: \S+ of \S+ tokens \(\d+\s?%\)\n.+ of the window kept free for the answer$/.test(
					tooltip,
				)
			)
				throw new Error(`the bar's tooltip reads ${JSON.stringify(tooltip)}`)
			await screenshot("4-context-bar")
		},
		{ timeoutMs: 60_000 },
	)

	return session.run(suite)
}
