// The demo in the real editor, with no key anywhere: on a first run the welcome view's "Try the
// demo" adds the "Demo (offline)" profile (Cairn's scripted model, served by the extension on
// 127.0.0.1) and opens a fresh copy of the sample project; the banner says the answers are
// scripted; "Start the demo task" plays the script through the real tools: a todo list, a subtask
// (approved), a file read (approved), an edit shown as a diff with a checkpoint before it
// (approved), a command (run); "Remove the demo" takes the profile away and the welcome view is back;
// "Cairn: Try the Demo" in the command palette then does what the welcome view's link did.
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { startEditorSession } from "./lib/editorSession.mjs"
import { createSuite } from "./lib/harness.mjs"
import { viewContainerTitle } from "./lib/paths.mjs"
import { activityBarItem, runCommand, waitForWorkbench } from "./lib/workbench.mjs"

export async function runDemoTests() {
	// The session's own model server stays idle: the demo brings its model, started by the extension.
	const session = await startEditorSession({ name: "demo", scenario: [] })
	const { page, server, sidebar, screenshot } = session
	const demoProjects = path.join(server.dirs.userData, "User/globalStorage/cairn-dev.cairn/demo-projects")
	const banner = () => sidebar().getByRole("note", { name: "Demo" })
	const approve = async (label = "Approve") => {
		const button = sidebar().getByRole("button", { name: label, exact: true })
		await button.waitFor({ timeout: 30_000 })
		await button.click()
	}
	const suite = createSuite("demo")

	suite.test(
		"Try the demo, on a first run without a key, opens the sample project with the Demo (offline) profile",
		async () => {
			await page.goto(server.workspaceUrl(), { waitUntil: "domcontentloaded" })
			await waitForWorkbench(page)
			await activityBarItem(page, viewContainerTitle).click()
			const link = sidebar().getByRole("button", { name: "Try the demo" })
			await link.waitFor({ timeout: 30_000 })
			await screenshot("1-welcome")
			await link.click()
			// The window reloads on the sample project's copy.
			await page.waitForURL(/folder=.*demo-projects/, { timeout: 30_000 })
			await waitForWorkbench(page)
			const chatBox = session.chatBox()
			if (!(await chatBox.isVisible().catch(() => false))) {
				await activityBarItem(page, viewContainerTitle).click()
			}
			await banner().waitFor({ timeout: 30_000 })
			const text = await banner().innerText()
			if (!text.includes("not from a real model")) throw new Error(`the banner says: ${text}`)
			const picker = sidebar().getByRole("combobox", { name: "API profile" })
			const shown = await picker.evaluate((select) => select.selectedOptions[0]?.text)
			if (shown !== "Demo (offline) · cairn-scripted-demo") throw new Error(`the picker shows ${shown}`)
			await screenshot("2-banner")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"the demo's task: a todo list, a subtask, a read, an edit with its diff and a checkpoint, a command",
		async () => {
			await banner().getByRole("button", { name: "Start the demo task" }).click()
			await sidebar()
				.getByText("Cairn wants to start a subtask in code mode")
				.waitFor({ timeout: 30_000 })
			await screenshot("3-todo-and-subtask")
			await approve()
			await sidebar()
				.getByText(/Cairn wants to read/)
				.first()
				.waitFor({ timeout: 30_000 })
			await approve()
			await sidebar()
				.getByText(/review the diff and approve it/)
				.first()
				.waitFor({ timeout: 30_000 })
			// The edit's diff is open in the editor beside the chat.
			await page.locator(".monaco-diff-editor").first().waitFor({ timeout: 30_000 })
			await screenshot("4-edit-diff")
			await approve()
			await sidebar()
				.getByText(/^Checkpoint [0-9a-f]{7}/)
				.first()
				.waitFor({ timeout: 30_000 })
			await sidebar().getByText("node test.js").first().waitFor({ timeout: 30_000 })
			await screenshot("5-command")
			await approve("Run")
			await sidebar()
				.getByText(/That was the whole demo/)
				.first()
				.waitFor({ timeout: 60_000 })
			await screenshot("6-done")
			const [copy] = readdirSync(demoProjects)
			const greet = readFileSync(path.join(demoProjects, copy ?? "", "greet.js"), "utf8")
			if (!greet.includes("return `Hello, ${name}!`")) throw new Error(`greet.js is:\n${greet}`)
		},
		{ timeoutMs: 180_000 },
	)

	suite.test(
		"Remove the demo takes its profile away: with no other profile, the welcome view is back",
		async () => {
			await banner().getByRole("button", { name: "Remove the demo" }).click()
			await sidebar().getByRole("button", { name: "New Task", exact: true }).click()
			await sidebar().getByRole("button", { name: "Try the demo" }).waitFor({ timeout: 30_000 })
			await screenshot("7-removed")
		},
		{ timeoutMs: 60_000 },
	)

	suite.test(
		"Cairn: Try the Demo in the command palette brings the demo back, as the welcome view's link does",
		async () => {
			await runCommand(page, "Cairn: Try the Demo")
			// The sample project is already open, so the window stays; the demo's profile is current again.
			await banner().getByRole("button", { name: "Start the demo task" }).waitFor({ timeout: 30_000 })
			const picker = sidebar().getByRole("combobox", { name: "API profile" })
			const shown = await picker.evaluate((select) => select.selectedOptions[0]?.text)
			if (shown !== "Demo (offline) · cairn-scripted-demo") throw new Error(`the picker shows ${shown}`)
			await screenshot("8-from-the-palette")
		},
		{ timeoutMs: 60_000 },
	)

	return session.run(suite)
}
