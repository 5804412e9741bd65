// MCP servers in the real editor: a global config that starts the official "everything" server
// (stdio, from node_modules); "Cairn: MCP Servers" shows it connected with its tools; a task
// whose model calls its echo tool asks first, and after Approve the chat shows the server's
// answer, which reached the model; Disable ends the server's process and Enable starts it again;
// Edit global config opens the file in an editor tab; a workspace's own servers wait for the
// person's consent in a modal.
import { randomUUID } from "node:crypto"
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { lastToolResult, startModelServer } from "@cairn/model-server"
import { launchBrowser } from "./lib/browser.mjs"
import { startCodeServer } from "./lib/codeServer.mjs"
import { eventually } from "./lib/eventually.mjs"
import { createSuite } from "./lib/harness.mjs"
import { extensionId, repoRoot, screenshotsDir, viewContainerTitle, vsixPath } from "./lib/paths.mjs"
import { watchWebviewErrors } from "./lib/webviewErrors.mjs"
import { openCairnWithProvider, runCommand, webviewContent } from "./lib/workbench.mjs"

const everythingServer = path.join(
	repoRoot,
	"node_modules/@modelcontextprotocol/server-everything/dist/index.js",
)
const message = "hello from the e2e"

/** Processes whose command line holds `marker`, read from /proc (Linux, as CI is). */
function processesWith(marker) {
	return readdirSync("/proc").filter((entry) => {
		if (!/^\d+$/.test(entry)) return false
		try {
			return readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(marker)
		} catch {
			return false // ended while we looked
		}
	})
}

export async function runMcpTests() {
	// The name the model calls the echo tool by is the core's to choose; the MCP view shows it.
	let echoToolName
	const model = await startModelServer({
		lifetimeMs: 300_000,
		scenario: [
			() => ({ toolCalls: [{ name: echoToolName, arguments: { message } }] }),
			({ request }) => ({
				toolCalls: [
					{
						name: "attempt_completion",
						arguments: { result: `The server answered: ${lastToolResult(request)}` },
					},
				],
			}),
		],
	})
	const server = await startCodeServer({ vsix: vsixPath, label: "code-server (MCP tests)" })
	// A token only this run's MCP server has on its command line (the everything server ignores
	// arguments after the transport), so its process can be told from any other.
	const marker = `cairn-mcp-e2e-${randomUUID()}`
	const settingsDir = path.join(server.dirs.userData, "User/globalStorage", extensionId, "settings")
	mkdirSync(settingsDir, { recursive: true })
	writeFileSync(
		path.join(settingsDir, "mcp_settings.json"),
		JSON.stringify({
			mcpServers: {
				everything: { command: process.execPath, args: [everythingServer, "stdio", marker] },
			},
		}),
	)
	const { browser, context } = await launchBrowser()
	const page = await context.newPage()
	const webviewErrors = watchWebviewErrors(page, extensionId)
	const screenshot = async (name) => {
		await page.mouse.move(900, 700)
		await page.screenshot({ path: path.join(screenshotsDir, `mcp-${name}.png`) })
	}
	const sidebar = () => webviewContent(page, extensionId)
	const card = () => sidebar().getByRole("article", { name: "everything (Global)" })
	const suite = createSuite("mcp")

	suite.test(
		"Cairn: MCP Servers shows the global server connected, with its tools",
		async () => {
			await openCairnWithProvider(page, {
				url: server.workspaceUrl(),
				viewTitle: viewContainerTitle,
				sidebar: sidebar(),
				baseURL: model.openaiBaseURL,
			})
			await sidebar().getByRole("textbox", { name: "Message to Cairn" }).waitFor({ timeout: 20_000 })
			await runCommand(page, "Cairn: MCP Servers")
			await card().getByText("Connected", { exact: true }).waitFor({ timeout: 30_000 })
			await card().getByText("Global · stdio").waitFor()
			const echo = card().locator("li.mcp-tool", {
				has: sidebar().getByRole("checkbox", { name: "Always allow echo" }),
			})
			await echo.getByText("Echoes back the input string").waitFor()
			const modelName = echo.locator(".mcp-item-detail code")
			echoToolName = (await modelName.count()) > 0 ? await modelName.textContent() : "echo"
			if ((await echo.getByRole("checkbox").isChecked()) !== false)
				throw new Error("echo is always allowed although the config does not say so")
			await screenshot("1-view")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"a task's MCP tool call asks first; after Approve the chat shows the server's answer",
		async () => {
			await sidebar().getByRole("button", { name: "Chat", exact: true }).click()
			const box = sidebar().getByRole("textbox", { name: "Message to Cairn" })
			await box.fill("Echo a greeting through the MCP server")
			await box.press("Enter")
			await sidebar()
				.getByText("Cairn wants to use the tool echo on everything")
				.waitFor({ timeout: 30_000 })
			// The arguments are highlighted JSON: the text spans several elements.
			await sidebar()
				.locator(".mcp-row", { hasText: `"message": "${message}"` })
				.waitFor()
			await sidebar().getByRole("button", { name: "Approve" }).click()
			await sidebar().getByText("MCP result").waitFor({ timeout: 30_000 })
			// Approved: the row reads as done, no longer as a question.
			await sidebar().getByText("Cairn used the tool echo on everything").waitFor()
			if ((await sidebar().getByText("Cairn wants to use the tool echo on everything").count()) > 0)
				throw new Error("the approved MCP call still says it wants to use the tool")
			await sidebar().getByText(`Echo: ${message}`, { exact: true }).waitFor()
			// The answer reached the model, which quotes it in its completion.
			await sidebar()
				.getByText(`The server answered: Echo: ${message}`)
				.first()
				.waitFor({ timeout: 30_000 })
			await screenshot("2-call")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"Disable ends the server's process; Enable starts it again",
		async () => {
			if (processesWith(marker).length === 0) throw new Error("the MCP server's process is not running")
			await sidebar().getByRole("button", { name: "MCP", exact: true }).click()
			await card().getByRole("button", { name: "Disable everything" }).click()
			await card().getByText("Disabled", { exact: true }).waitFor({ timeout: 20_000 })
			await eventually(() => processesWith(marker).length === 0, "the MCP server's process to end")
			await card().getByRole("button", { name: "Enable everything" }).click()
			await card().getByText("Connected", { exact: true }).waitFor({ timeout: 30_000 })
			if (processesWith(marker).length === 0) throw new Error("Enable did not start the server again")
		},
		{ timeoutMs: 60_000 },
	)

	suite.test(
		"Edit global config opens the config file in an editor tab",
		async () => {
			await sidebar().getByRole("button", { name: "Edit global config" }).click()
			await page.getByRole("tab", { name: /mcp_settings\.json/ }).waitFor({ timeout: 20_000 })
			await page
				.locator(".monaco-editor .view-lines", { hasText: "everything" })
				.waitFor({ timeout: 10_000 })
		},
		{ timeoutMs: 45_000 },
	)

	suite.test(
		"a workspace's .cairn/mcp.json asks first, naming its servers; Start These Servers connects them",
		async () => {
			const projectMarker = `cairn-mcp-e2e-project-${randomUUID()}`
			const consent = page.locator(".monaco-dialog-box", {
				hasText: "This workspace wants to start MCP servers: repo-tools",
			})
			mkdirSync(path.join(server.dirs.workspace, ".cairn"), { recursive: true })
			writeFileSync(
				path.join(server.dirs.workspace, ".cairn/mcp.json"),
				JSON.stringify({
					mcpServers: {
						"repo-tools": {
							command: process.execPath,
							args: [everythingServer, "stdio", projectMarker],
						},
					},
				}),
			)
			await consent.waitFor({ timeout: 30_000 })
			await consent.getByText(everythingServer, { exact: false }).waitFor()
			const project = sidebar().getByRole("article", { name: "repo-tools (Project)" })
			await project.getByText("Blocked", { exact: true }).waitFor({ timeout: 20_000 })
			if (processesWith(projectMarker).length > 0)
				throw new Error("a workspace's server ran before the person agreed")
			await screenshot("3-consent")
			await consent.getByRole("button", { name: "Start These Servers" }).click()
			await project.getByText("Connected", { exact: true }).waitFor({ timeout: 30_000 })
			if (processesWith(projectMarker).length === 0)
				throw new Error("the workspace's server is not running")
		},
		{ timeoutMs: 60_000 },
	)

	suite.test(
		"Add server: the catalog asks for a server's fields; the form adds a server of one's own, which connects",
		async () => {
			const ownMarker = `cairn-mcp-e2e-added-${randomUUID()}`
			await sidebar().getByRole("button", { name: "Add server" }).click()
			const panel = sidebar().getByRole("region", { name: "Add an MCP server" })
			const github = panel.getByRole("article", { name: "GitHub" })
			await github.getByRole("button", { name: "Add GitHub" }).click()
			await github.getByLabel("GitHub personal access token").waitFor()
			const form = panel.getByRole("form", { name: "Your own server" })
			await form.getByLabel("Name", { exact: true }).fill("added")
			await form.getByLabel("Command").fill(process.execPath)
			await form
				.getByLabel("Arguments, one per line")
				.fill([everythingServer, "stdio", ownMarker].join("\n"))
			await form.getByLabel("Environment, one NAME=value per line").fill("GREETING=hello")
			await github.scrollIntoViewIfNeeded()
			await screenshot("4-add-server")
			await form.getByRole("button", { name: "Add server" }).click()
			const added = sidebar().getByRole("article", { name: "added (Global)" })
			await added.getByText("Connected", { exact: true }).waitFor({ timeout: 30_000 })
			if ((await panel.count()) > 0) throw new Error("the form stayed open after the server was added")
			const config = JSON.parse(readFileSync(path.join(settingsDir, "mcp_settings.json"), "utf8"))
			if (config.mcpServers.added?.env?.GREETING !== "hello")
				throw new Error(
					`the server was not written as entered: ${JSON.stringify(config.mcpServers.added)}`,
				)
			if (processesWith(ownMarker).length === 0) throw new Error("the added server is not running")
			await screenshot("5-added")
		},
		{ timeoutMs: 60_000 },
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
