// Rows that tell the truth, in the real editor: a provider that is down and comes back shows one
// retry row; an approved and a rejected edit end with different labels; a path opens its file;
// a cancel while a tool call streams keeps the row, marked cancelled, with no error; and code
// blocks have no per-line band in the light, dark and high-contrast themes.
import { startEditorSession } from "./lib/editorSession.mjs"
import { createSuite } from "./lib/harness.mjs"

const call = (name, args, extra = {}) => ({ toolCalls: [{ name, arguments: args }], ...extra })
const down = { error: { status: 503, message: "The server is restarting", retryAfter: 1 } }
const answer = [
	"Both files are handled. The helper:",
	"",
	"```ts",
	"export function total(items: number[]): number {",
	"\treturn items.reduce((sum, item) => sum + item, 0)",
	"}",
	"```",
].join("\n")
const scenario = [
	down,
	down,
	call("write_to_file", { path: "notes/approved.md", content: "# Kept\n" }),
	call("write_to_file", { path: "notes/rejected.md", content: "# Dropped\n" }),
	call("attempt_completion", { result: answer }),
	// The second task: the call's arguments stop arriving part-way, until the person cancels.
	call(
		"write_to_file",
		{ path: "notes/cancelled.md", content: "one\ntwo\nthree\nfour\nfive\n" },
		{ argumentChunks: 12, stallAfterChunks: 10 },
	),
]

const themes = [
	["dark", "Dark Modern", "vscode-dark"],
	["high-contrast", "Dark High Contrast", "vscode-high-contrast"],
	["light", "Light Modern", "vscode-light"],
]

/** Picks a color theme the way a person does: the command, then the theme in its list. */
async function pickColorTheme(page, theme) {
	await page.locator(".statusbar").click()
	await page.keyboard.press("F1")
	const input = page.locator(".quick-input-widget input.input")
	const row = (text) => page.locator(".quick-input-list .monaco-list-row", { hasText: text }).first()
	await input.waitFor({ state: "visible", timeout: 15_000 })
	await input.fill(">Preferences: Color Theme")
	// Clicked by name: the marketplace's theme browser can rank first, and there is no network here.
	await page
		.getByRole("option", { name: /^Preferences: Color Theme/ })
		.first()
		.click({ timeout: 15_000 })
	// The same box now lists the installed themes.
	await row("Light Modern").waitFor({ timeout: 15_000 })
	await input.fill(theme)
	await row(theme).waitFor({ timeout: 15_000 })
	await page.keyboard.press("Enter")
	await input.waitFor({ state: "hidden", timeout: 15_000 })
}

export async function runRowsTests() {
	const session = await startEditorSession({ name: "rows", scenario })
	const { page, sidebar, screenshot } = session
	const suite = createSuite("rows")
	const rows = () => sidebar().locator(".row")

	suite.test(
		"a provider that is down and then back shows exactly one retry row",
		async () => {
			await session.openCairn()
			const box = session.chatBox()
			await box.fill("Write the two notes")
			await box.press("Enter")
			await sidebar().getByRole("button", { name: "Approve", exact: true }).waitFor({ timeout: 60_000 })
			const retries = sidebar().locator(".retry-delay")
			if ((await retries.count()) !== 1) throw new Error(`${await retries.count()} retry rows, not 1`)
			await sidebar().getByText("The request went through after 2 retries").waitFor({ timeout: 10_000 })
			const errors = await sidebar().getByText("The server is restarting", { exact: false }).count()
			if (errors !== 1) throw new Error(`the error is shown ${errors} times, not once`)
			await screenshot("1-retried")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"an approved and a rejected edit end with different, correct labels",
		async () => {
			await sidebar().getByRole("button", { name: "Approve", exact: true }).click()
			// Reject answers the second edit only once that one asks (the first's buttons linger a moment).
			await sidebar()
				.locator(".tool-row.awaiting", { hasText: "notes/rejected.md" })
				.waitFor({ timeout: 30_000 })
			await sidebar().getByRole("button", { name: "Reject", exact: true }).click()
			await sidebar().getByText("Both files are handled.").first().waitFor({ timeout: 30_000 })
			const approved = sidebar().locator(".tool-row", { hasText: "notes/approved.md" })
			await approved.getByText("Cairn created a new file").waitFor({ timeout: 10_000 })
			await approved.locator(".badge", { hasText: /^approved$/ }).waitFor({ timeout: 10_000 })
			const rejected = sidebar().locator(".tool-row", { hasText: "notes/rejected.md" })
			await rejected.getByText("Cairn wanted to create a new file").waitFor({ timeout: 10_000 })
			await rejected.locator(".badge", { hasText: /^rejected$/ }).waitFor({ timeout: 10_000 })
			await screenshot("2-approved-rejected")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"a path in a row opens its file in the editor",
		async () => {
			const row = sidebar().locator(".tool-row", { hasText: "notes/approved.md" })
			await row.getByRole("button", { name: "notes/approved.md" }).click()
			await page
				.locator(".tabs-container .tab", { hasText: "approved.md" })
				.waitFor({ timeout: 15_000 })
		},
		{ timeoutMs: 30_000 },
	)

	suite.test(
		"code blocks have no band on their lines in the light, dark and high-contrast themes",
		async () => {
			for (const [name, theme, bodyClass] of themes) {
				await pickColorTheme(page, theme)
				await sidebar().locator(`body.${bodyClass}`).waitFor({ timeout: 20_000 })
				const block = sidebar().locator(".code-block").last()
				await block.waitFor({ timeout: 10_000 })
				await block.scrollIntoViewIfNeeded()
				const banded = await block.evaluate((element) => {
					const styleOf = (node) => node.ownerDocument.defaultView.getComputedStyle(node)
					const own = styleOf(element).backgroundColor
					const clear = (color) =>
						color === "rgba(0, 0, 0, 0)" || color === "transparent" || color === own
					const inside = [...element.querySelectorAll(".code-block-body, .code-block-body *")]
					return inside
						.filter((node) => !clear(styleOf(node).backgroundColor))
						.map(
							(node) =>
								`${node.tagName.toLowerCase()}: ${styleOf(node).backgroundColor} (block ${own})`,
						)
				})
				if (banded.length > 0)
					throw new Error(`${name}: lines with their own background: ${banded.join("; ")}`)
				await screenshot(`3-theme-${name}`)
			}
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"cancel while a tool call streams: the row stays, marked cancelled, and no error row",
		async () => {
			await sidebar().getByRole("button", { name: "New Task", exact: true }).click()
			// Typed only once the empty chat is drawn: on a busy machine the host's answer to the
			// click could re-draw the chat box after the text was typed into it, and drop it.
			await sidebar()
				.getByRole("heading", { name: "What should Cairn do?" })
				.waitFor({ timeout: 15_000 })
			const box = session.chatBox()
			await box.fill("Write the third note")
			await box.press("Enter")
			const streaming = sidebar().locator(".tool-row", { hasText: "notes/cancelled.md" })
			await streaming.waitFor({ timeout: 30_000 })
			await sidebar().getByRole("button", { name: "Cancel", exact: true }).click()
			await streaming.locator(".badge", { hasText: /^cancelled$/ }).waitFor({ timeout: 15_000 })
			await streaming.getByText("Cairn wanted to create a new file").waitFor({ timeout: 10_000 })
			// The row's update and an error row would arrive together: once it shows cancelled, none came.
			const errors = await sidebar().getByText("Error", { exact: true }).count()
			if (errors !== 0) throw new Error(`${errors} error rows after the cancel`)
			if ((await rows().count()) === 0) throw new Error("the chat lost its rows")
			await screenshot("4-cancelled")
		},
		{ timeoutMs: 60_000 },
	)

	return session.run(suite)
}
