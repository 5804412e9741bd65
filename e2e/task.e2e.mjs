// A whole task in the real editor: the packaged extension in code-server, configured through
// its own welcome form to use the scripted model server (OpenAI wire format), takes a task,
// shows the proposed file in the diff editor, and writes it when the person approves.
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { startModelServer } from "@cairn/model-server"
import { launchBrowser } from "./lib/browser.mjs"
import { startCodeServer } from "./lib/codeServer.mjs"
import { createSuite } from "./lib/harness.mjs"
import { artifactsDir, extensionId, viewContainerTitle, vsixPath } from "./lib/paths.mjs"
import { activityBarItem, runCommand, waitForWorkbench, webviewContent } from "./lib/workbench.mjs"

export async function runTaskTests() {
	const model = await startModelServer({
		lifetimeMs: 170_000,
		scenario: [
			{
				text: "I'll create the greeting file.",
				toolCalls: [
					{
						name: "write_to_file",
						arguments: { path: "hello.txt", content: "Hello from Cairn\n" },
					},
				],
				argumentChunks: 5,
			},
			{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Created hello.txt." } }] },
		],
	})
	const server = await startCodeServer({ vsix: vsixPath, label: "code-server (task tests)" })
	const { browser, context } = await launchBrowser()
	const page = await context.newPage()
	const screenshot = (name) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`) })
	const sidebar = () => webviewContent(page, extensionId)
	const suite = createSuite("task")

	suite.test("the welcome form configures an OpenAI-compatible provider", async () => {
		await page.goto(server.workspaceUrl(), { waitUntil: "domcontentloaded" })
		await waitForWorkbench(page)
		await activityBarItem(page, viewContainerTitle).click()
		const form = sidebar().getByRole("form", { name: "Set up a model provider" })
		await form.waitFor({ timeout: 30_000 })
		await form.getByLabel("Provider").selectOption("openai")
		await form.getByLabel("Model id").fill("gpt-4.1")
		await form.getByLabel("API key").fill("test-key")
		await form.getByLabel("Base URL (optional)").fill(model.openaiBaseURL)
		await form.getByRole("button", { name: "Save and start" }).click()
		await sidebar().getByRole("textbox", { name: "Message to Cairn" }).waitFor({ timeout: 20_000 })
	})

	suite.test(
		"a typed task streams in and asks to approve the write, shown in the diff editor",
		async () => {
			const box = sidebar().getByRole("textbox", { name: "Message to Cairn" })
			await box.fill("Create hello.txt with a greeting")
			await box.press("Enter")
			await sidebar().getByText("I'll create the greeting file.").waitFor({ timeout: 30_000 })
			await sidebar().getByRole("button", { name: "Approve" }).waitFor({ timeout: 30_000 })
			await page.locator(".tabs-container .tab", { hasText: "hello.txt" }).waitFor({ timeout: 15_000 })
			if (existsSync(path.join(server.dirs.workspace, "hello.txt")))
				throw new Error("the file was written before approval")
			await screenshot("task-approval")
		},
		{ timeoutMs: 60_000 },
	)

	suite.test(
		"approving writes the file and the task completes",
		async () => {
			await sidebar().getByRole("button", { name: "Approve" }).click()
			await sidebar().getByText("Created hello.txt.").first().waitFor({ timeout: 30_000 })
			const written = readFileSync(path.join(server.dirs.workspace, "hello.txt"), "utf8")
			if (written !== "Hello from Cairn\n")
				throw new Error(`hello.txt holds ${JSON.stringify(written)}`)
			const chat = model.requests.filter((r) => r.route === "chat")
			if (chat.length !== 2) throw new Error(`the model got ${chat.length} requests, expected 2`)
			await screenshot("task-completed")
		},
		{ timeoutMs: 60_000 },
	)

	suite.test(
		'"Cairn: History" from the palette lists the task; "Cairn: New Task" starts afresh',
		async () => {
			await runCommand(page, "Cairn: History")
			const history = sidebar().getByRole("main", { name: "Task history" })
			await history.getByText("Create hello.txt with a greeting").waitFor({ timeout: 15_000 })
			await screenshot("history")
			await runCommand(page, "Cairn: New Task")
			await sidebar().getByPlaceholder("Describe a task for Cairn…").waitFor({ timeout: 15_000 })
		},
		{ timeoutMs: 45_000 },
	)

	try {
		return await suite.run()
	} finally {
		await browser.close().catch(() => {})
		await server.stop()
		await model.close()
	}
}
