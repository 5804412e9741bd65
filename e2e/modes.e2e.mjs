// Modes in the real editor: the workspace's `.cairn/modes.yaml` brings a Reviewer mode; the
// person picks it from the chat box's mode picker and starts a task, and the model server sees a
// request in that mode (its role, no edit or command tools). The Modes view lists it as the
// workspace's.
import { mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { startModelServer, systemText } from "@cairn/model-server"
import { launchBrowser } from "./lib/browser.mjs"
import { startCodeServer } from "./lib/codeServer.mjs"
import { createSuite } from "./lib/harness.mjs"
import { extensionId, screenshotsDir, viewContainerTitle, vsixPath } from "./lib/paths.mjs"
import { watchWebviewErrors } from "./lib/webviewErrors.mjs"
import { openCairnWithProvider, webviewContent } from "./lib/workbench.mjs"

const modesFile = `customModes:
  - slug: reviewer
    name: Reviewer
    roleDefinition: You are Cairn, a strict code reviewer who never changes code.
    whenToUse: Reviewing a change without touching it.
    groups: [read]
`
const scenario = [{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Looks fine to me." } }] }]

export async function runModesTests() {
	const model = await startModelServer({ lifetimeMs: 300_000, scenario })
	const server = await startCodeServer({ vsix: vsixPath, label: "code-server (modes tests)" })
	mkdirSync(path.join(server.dirs.workspace, ".cairn"), { recursive: true })
	writeFileSync(path.join(server.dirs.workspace, ".cairn", "modes.yaml"), modesFile)
	const { browser, context } = await launchBrowser()
	const page = await context.newPage()
	const webviewErrors = watchWebviewErrors(page, extensionId)
	const screenshot = async (name) => {
		await page.mouse.move(900, 700)
		await page.screenshot({ path: path.join(screenshotsDir, `modes-${name}.png`) })
	}
	const sidebar = () => webviewContent(page, extensionId)
	const suite = createSuite("modes")

	suite.test(
		"a workspace mode picked in the chat box runs the task with its role and only its tools",
		async () => {
			await openCairnWithProvider(page, {
				url: server.workspaceUrl(),
				viewTitle: viewContainerTitle,
				sidebar: sidebar(),
				baseURL: model.openaiBaseURL,
			})
			const picker = sidebar().getByRole("combobox", { name: "Mode" })
			await picker.waitFor({ timeout: 20_000 })
			await picker.selectOption({ label: "Reviewer (project)" })
			await sidebar()
				.locator('select[aria-label="Mode"][title="Reviewing a change without touching it."]')
				.waitFor({
					timeout: 10_000,
				})
			const box = sidebar().getByRole("textbox", { name: "Message to Cairn" })
			await box.fill("Review the last change")
			await box.press("Enter")
			await sidebar().getByText("Looks fine to me.").first().waitFor({ timeout: 30_000 })
			const request = model.requests.find((r) => r.route === "chat")
			const system = systemText(request?.body)
			if (!system.startsWith("You are Cairn, a strict code reviewer"))
				throw new Error(`the request was not in Reviewer mode: ${system.slice(0, 200)}`)
			const tools = (request?.body.tools ?? []).map((tool) => tool.function?.name ?? tool.name)
			for (const name of ["write_to_file", "execute_command"])
				if (tools.includes(name))
					throw new Error(`Reviewer mode was offered ${name}: ${tools.join(", ")}`)
			if (!tools.includes("read_file"))
				throw new Error(`Reviewer mode lacks read_file: ${tools.join(", ")}`)
			await screenshot("1-reviewer-task")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"the Modes view lists the workspace's mode apart from the built-in ones",
		async () => {
			await sidebar().getByRole("button", { name: "Modes" }).click()
			const workspace = sidebar().getByRole("region", { name: "This workspace (.cairn/modes.yaml)" })
			await workspace.getByRole("article", { name: "Reviewer" }).waitFor({ timeout: 10_000 })
			await sidebar()
				.getByRole("region", { name: "Built in" })
				.getByRole("article", { name: "Ask" })
				.waitFor()
			await screenshot("2-modes-view")
		},
		{ timeoutMs: 30_000 },
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
