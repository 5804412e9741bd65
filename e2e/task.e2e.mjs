// Whole tasks in the real editor: the packaged extension in code-server, configured through
// its Settings view to use the scripted model server (OpenAI wire format). The person edits a
// proposal in the diff editor before approving it, rejects another, answers a question by
// clicking a suggestion, starts a second task and reopens the first from History.
import { existsSync, mkdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { lastToolResult as toolResultOf, startModelServer } from "@cairn/model-server"
import { launchBrowser } from "./lib/browser.mjs"
import { startCodeServer } from "./lib/codeServer.mjs"
import { eventually } from "./lib/eventually.mjs"
import { createSuite } from "./lib/harness.mjs"
import { extensionId, screenshotsDir, viewContainerTitle, vsixPath } from "./lib/paths.mjs"
import { watchWebviewErrors } from "./lib/webviewErrors.mjs"
import { activityBarItem, runCommand, waitForWorkbench, webviewContent } from "./lib/workbench.mjs"

const greetBefore = "export function greet(name: string): string {\n\treturn `Hello, ${name}!`\n}\n"

const scenario = [
	{
		text: "I'll create the greeting file.",
		toolCalls: [
			{ name: "write_to_file", arguments: { path: "hello.txt", content: "Hello from Cairn\n" } },
		],
		argumentChunks: 5,
	},
	{
		toolCalls: [
			{
				name: "write_to_file",
				arguments: { path: "src/greet.ts", content: "export const greet = () => 'hi'\n" },
			},
		],
	},
	{
		toolCalls: [
			{
				name: "ask_followup_question",
				arguments: {
					question: "Which greeting style do you prefer?",
					follow_up: [{ text: "Formal" }, { text: "Casual" }],
				},
			},
		],
	},
	{
		toolCalls: [
			{
				name: "attempt_completion",
				arguments: { result: "Created hello.txt; greet.ts is unchanged." },
			},
		],
	},
	{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Hello there!" } }] },
]

export async function runTaskTests() {
	mkdirSync(screenshotsDir, { recursive: true })
	const model = await startModelServer({ lifetimeMs: 300_000, scenario })
	const server = await startCodeServer({ vsix: vsixPath, label: "code-server (task tests)" })
	const { browser, context } = await launchBrowser()
	const page = await context.newPage()
	const webviewErrors = watchWebviewErrors(page, extensionId)
	const screenshot = async (name) => {
		await page.mouse.move(900, 700)
		await page.screenshot({ path: path.join(screenshotsDir, `task-${name}.png`) })
	}
	const sidebar = () => webviewContent(page, extensionId)
	const chatRequests = () => model.requests.filter((r) => r.route === "chat")
	/** The text of the tool result in the newest request the model got. */
	const lastToolResult = () => {
		const request = chatRequests().at(-1)
		return (request && toolResultOf(request)) ?? "(none)"
	}
	const workspaceFile = (relative) => path.join(server.dirs.workspace, relative)
	const suite = createSuite("task")

	suite.test(
		"the Settings view configures an OpenAI-compatible provider",
		async () => {
			await page.goto(server.workspaceUrl(), { waitUntil: "domcontentloaded" })
			await waitForWorkbench(page)
			await activityBarItem(page, viewContainerTitle).click()
			await sidebar()
				.getByRole("form", { name: "Set up a model provider" })
				.waitFor({ timeout: 30_000 })
			await runCommand(page, "Cairn: Settings")
			const settings = sidebar().getByRole("main", { name: "Settings" })
			await settings.getByLabel("Provider", { exact: true }).selectOption("openai")
			await settings.getByLabel("Model id", { exact: true }).fill("gpt-4.1")
			await settings.getByLabel("Model id", { exact: true }).press("Enter")
			await settings.getByLabel(/^Base URL/).fill(model.openaiBaseURL)
			await settings.getByLabel(/^Base URL/).press("Enter")
			await settings.getByLabel("API key", { exact: true }).fill("test-key")
			await settings.getByRole("button", { name: "Save key" }).click()
			await settings.getByPlaceholder(/saved/).waitFor({ timeout: 15_000 })
			await screenshot("1-settings")
			await sidebar().getByRole("button", { name: "Chat" }).click()
			await sidebar().getByRole("textbox", { name: "Message to Cairn" }).waitFor({ timeout: 20_000 })
		},
		{ timeoutMs: 60_000 },
	)

	suite.test(
		"a typed task streams in and shows the proposed file in an editable diff",
		async () => {
			const box = sidebar().getByRole("textbox", { name: "Message to Cairn" })
			await box.fill("Create hello.txt with a greeting")
			await box.press("Enter")
			await sidebar().getByText("I'll create the greeting file.").waitFor({ timeout: 30_000 })
			await sidebar().getByRole("button", { name: "Approve" }).waitFor({ timeout: 30_000 })
			await page.locator(".tabs-container .tab", { hasText: "hello.txt" }).waitFor({ timeout: 15_000 })
			if (existsSync(workspaceFile("hello.txt")))
				throw new Error("the file was written before approval")
			await screenshot("2-proposal")
		},
		{ timeoutMs: 60_000 },
	)

	suite.test(
		"edits made in the diff before approving are saved and reported to the model",
		async () => {
			const proposal = page.locator(".monaco-diff-editor .editor.modified .view-lines")
			await proposal.click()
			await page.keyboard.press("Control+End")
			await page.keyboard.type("Edited by a person")
			const requestsBefore = chatRequests().length
			await sidebar().getByRole("button", { name: "Approve" }).click()
			await sidebar()
				.getByText("You edited the change to hello.txt before saving it")
				.waitFor({ timeout: 30_000 })
			// The row shows before the request that reports the edit leaves: wait for that request.
			await eventually(() => chatRequests().length > requestsBefore, "the request after the approval")
			const written = readFileSync(workspaceFile("hello.txt"), "utf8")
			if (written !== "Hello from Cairn\nEdited by a person")
				throw new Error(`hello.txt holds ${JSON.stringify(written)}`)
			if (!lastToolResult().includes("The user edited your proposal before saving it"))
				throw new Error(`the model was not told about the edit: ${lastToolResult()}`)
			await screenshot("3-user-edits")
		},
		{ timeoutMs: 60_000 },
	)

	suite.test(
		"rejecting an edit leaves the file untouched and tells the model",
		async () => {
			await page.locator(".tabs-container .tab", { hasText: "greet.ts" }).waitFor({ timeout: 30_000 })
			await sidebar().getByRole("button", { name: "Reject" }).click()
			await sidebar().getByText("Which greeting style do you prefer?").waitFor({ timeout: 30_000 })
			const content = readFileSync(workspaceFile("src/greet.ts"), "utf8")
			if (content !== greetBefore) throw new Error(`greet.ts changed: ${JSON.stringify(content)}`)
			if (!/denied this change to src\/greet\.ts/.test(lastToolResult()))
				throw new Error(`the model was not told about the rejection: ${lastToolResult()}`)
			if ((await page.locator(".tabs-container .tab", { hasText: "greet.ts" }).count()) !== 0)
				throw new Error("the rejected diff is still open")
			await screenshot("4-rejected")
		},
		{ timeoutMs: 60_000 },
	)

	suite.test(
		"clicking a suggested answer answers the question, and the task completes",
		async () => {
			await sidebar()
				.getByRole("list", { name: "Suggested answers" })
				.getByRole("button", { name: "Casual" })
				.click()
			await sidebar()
				.getByText("Created hello.txt; greet.ts is unchanged.")
				.first()
				.waitFor({ timeout: 30_000 })
			if (!lastToolResult().includes("Casual"))
				throw new Error(`the model did not get the answer: ${lastToolResult()}`)
			if (chatRequests().length !== 4)
				throw new Error(`the model got ${chatRequests().length} requests, expected 4`)
			await sidebar()
				.getByRole("button", { name: "New Task", exact: true })
				.waitFor({ timeout: 10_000 })
			await screenshot("5-completed")
		},
		{ timeoutMs: 60_000 },
	)

	suite.test(
		'"Cairn: New Task" from the palette starts afresh, and a second task runs',
		async () => {
			await runCommand(page, "Cairn: New Task")
			const box = sidebar().getByRole("textbox", { name: "Message to Cairn" })
			await sidebar().getByPlaceholder("Describe a task for Cairn…").waitFor({ timeout: 15_000 })
			await box.fill("Say hello")
			await box.press("Enter")
			await sidebar().getByText("Hello there!").first().waitFor({ timeout: 30_000 })
			await screenshot("6-second-task")
		},
		{ timeoutMs: 45_000 },
	)

	suite.test(
		"History lists both tasks and reopens the first with its conversation",
		async () => {
			await runCommand(page, "Cairn: History")
			const history = sidebar().getByRole("main", { name: "Task history" })
			await history.getByText("Say hello").waitFor({ timeout: 15_000 })
			await screenshot("7-history")
			await history.getByRole("button", { name: "Create hello.txt with a greeting" }).click()
			await sidebar()
				.getByText("Created hello.txt; greet.ts is unchanged.")
				.first()
				.waitFor({ timeout: 15_000 })
			await sidebar().getByText("Which greeting style do you prefer?").waitFor({ timeout: 15_000 })
			await screenshot("8-reopened")
		},
		{ timeoutMs: 45_000 },
	)

	suite.test("the webviews reported no uncaught error", async () => webviewErrors.assertNone())

	try {
		return await suite.run()
	} finally {
		await browser.close().catch(() => {})
		await server.stop()
		await model.close()
	}
}
