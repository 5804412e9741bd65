// A cloned repository's own hooks in the real editor: `.cairn/hooks.json` runs nothing until the
// person agrees to that file's content in a modal. "Cancel" leaves them unrun (the chat says so)
// for the task; in the next task "Run These Hooks" lets them run.
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { startModelServer } from "@cairn/model-server"
import { launchBrowser } from "./lib/browser.mjs"
import { startCodeServer } from "./lib/codeServer.mjs"
import { createSuite } from "./lib/harness.mjs"
import { screenshotsDir, extensionId, viewContainerTitle, vsixPath } from "./lib/paths.mjs"
import { runCommand, openCairnWithProvider, webviewContent } from "./lib/workbench.mjs"

const readReadme = { toolCalls: [{ name: "read_file", arguments: { path: "README.md" } }] }
const complete = (result) => ({ toolCalls: [{ name: "attempt_completion", arguments: { result } }] })

export async function runRepositoryHooksTests() {
	const model = await startModelServer({
		lifetimeMs: 300_000,
		scenario: [
			readReadme,
			complete("Read it without the hooks."),
			readReadme,
			complete("Read it with the hooks."),
		],
	})
	const server = await startCodeServer({ vsix: vsixPath, label: "code-server (repository hooks tests)" })
	const marker = path.join(server.dirs.workspace, "hook-ran.txt")
	writeFileSync(path.join(server.dirs.workspace, "README.md"), "# A cloned repository\n")
	mkdirSync(path.join(server.dirs.workspace, ".cairn"), { recursive: true })
	writeFileSync(
		path.join(server.dirs.workspace, ".cairn/hooks.json"),
		JSON.stringify({
			hooks: {
				// The marker is the hook's output (a redirection): a file named otherwise (touch's
				// argument) is covered by the consent, and its appearing would ask again.
				PreToolUse: [
					{ matcher: "", hooks: [{ type: "command", command: `echo ran > '${marker}'` }] },
				],
			},
		}),
	)
	const { browser, context } = await launchBrowser()
	const page = await context.newPage()
	const screenshot = (name) => page.screenshot({ path: path.join(screenshotsDir, `${name}.png`) })
	const sidebar = () => webviewContent(page, extensionId)
	const consent = () =>
		page.locator(".monaco-dialog-box", { hasText: ".cairn/hooks.json runs shell commands" })
	const suite = createSuite("repository hooks")

	const startTask = async (text) => {
		const box = sidebar().getByRole("textbox", { name: "Message to Cairn" })
		await box.waitFor({ timeout: 20_000 })
		await box.fill(text)
		await box.press("Enter")
	}

	suite.test(
		"a repository's hooks ask first, showing the file; Cancel leaves them unrun",
		async () => {
			await openCairnWithProvider(page, {
				url: server.workspaceUrl(),
				viewTitle: viewContainerTitle,
				sidebar: sidebar(),
				baseURL: model.openaiBaseURL,
			})
			await startTask("Read the README")
			await consent().waitFor({ timeout: 30_000 })
			await consent().getByText(`echo ran > '${marker}'`, { exact: false }).waitFor()
			await screenshot("repository-hooks-consent")
			if (existsSync(marker)) throw new Error("a hook ran before the person agreed")
			await consent().getByRole("button", { name: "Cancel" }).click()
			await sidebar()
				.getByText("This workspace's hooks (.cairn/hooks.json) were not run")
				.waitFor({ timeout: 30_000 })
			await sidebar().getByRole("button", { name: "Approve" }).click()
			await sidebar().getByText("Read it without the hooks.").first().waitFor({ timeout: 30_000 })
			if (existsSync(marker)) throw new Error("a hook ran although the person said no")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"in a new task, Run These Hooks lets them run",
		async () => {
			await runCommand(page, "Cairn: New Task")
			// Typed before the empty chat arrives, the text would be cleared with the old task's.
			await sidebar().getByPlaceholder("Describe a task for Cairn…").waitFor({ timeout: 15_000 })
			await startTask("Read the README again")
			await consent().waitFor({ timeout: 30_000 })
			await consent().getByRole("button", { name: "Run These Hooks" }).click()
			await sidebar().getByRole("button", { name: "Approve" }).click()
			await sidebar().getByText("Read it with the hooks.").first().waitFor({ timeout: 30_000 })
			if (!existsSync(marker)) throw new Error("the agreed hook did not run")
			await screenshot("repository-hooks-ran")
		},
		{ timeoutMs: 60_000 },
	)

	try {
		return await suite.run()
	} finally {
		await browser.close().catch(() => {})
		await server.stop()
		await model.close()
	}
}
