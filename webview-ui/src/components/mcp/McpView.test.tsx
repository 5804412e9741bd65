import type { McpConfigProblem, McpServerView } from "@cairn/types"
import { fireEvent, render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { App } from "../../App"
import { showLanguage } from "../../i18n/showLanguage"
import { useWebviewStore } from "../../state/store"
import { fromHost, loadTask } from "../../test/fixtures"
import { posted } from "../../test/setup"
import { McpView } from "./McpView"

const server = (changes: Partial<McpServerView> = {}): McpServerView => ({
	name: "github",
	source: "global",
	transport: "stdio",
	status: "connected",
	tools: [
		{
			name: "create_issue",
			modelName: "mcp__github__create_issue",
			description: "Opens an issue in a repository.",
			alwaysAllow: false,
		},
		{ name: "list_issues", modelName: "mcp__github__list_issues", alwaysAllow: true },
	],
	resources: [{ uri: "repo://cairn/readme", name: "README", mimeType: "text/markdown" }],
	resourceTemplates: [{ uriTemplate: "repo://{owner}/{name}", name: "Any repository" }],
	configFile: "/home/me/.storage/settings/mcp_settings.json",
	...changes,
})

function showMcp(servers: McpServerView[], problems: McpConfigProblem[] = []) {
	render(<McpView />)
	fromHost({ type: "mcpServers", servers, problems })
}

const card = (name: string) => screen.getByRole("article", { name })
const button = (scope: HTMLElement, name: string) => within(scope).getByRole("button", { name })

describe("the MCP view", () => {
	it("asks the host for the servers when it opens, and says so until they come", () => {
		render(<McpView />)
		expect(posted).toEqual([{ type: "requestMcpServers" }])
		expect(screen.getByText("Loading MCP servers…")).toBeTruthy()
	})

	it("is reached from the navigation and from the host's MCP command", async () => {
		loadTask([])
		render(<App />)
		fireEvent.click(screen.getByRole("button", { name: "MCP" }))
		expect(await screen.findByRole("main", { name: "MCP servers" })).toBeTruthy()
		fireEvent.click(screen.getByRole("button", { name: "Chat" }))
		expect(screen.queryByRole("main", { name: "MCP servers" })).toBeNull()
		fromHost({ type: "action", action: "mcpButtonClicked" })
		expect(useWebviewStore.getState().view).toBe("mcp")
	})

	it("shows one card per server with its name, source (a project's with its file) and transport", () => {
		showMcp([
			server(),
			server({
				name: "docs",
				source: "project",
				transport: "streamable-http",
				tools: [],
				configFile: "/work/repo/.cairn/mcp.json",
			}),
			server({ name: "claude", source: "project", tools: [], configFile: "/work/repo/.mcp.json" }),
		])
		expect(within(card("github (Global)")).getByRole("heading", { name: "github" })).toBeTruthy()
		expect(within(card("github (Global)")).getByText("Global · stdio")).toBeTruthy()
		expect(
			within(card("docs (Project)")).getByText("Project (.cairn/mcp.json) · Streamable HTTP"),
		).toBeTruthy()
		expect(within(card("claude (Project)")).getByText("Project (.mcp.json) · stdio")).toBeTruthy()
		expect(screen.queryByText(/Used instead/)).toBeNull()
	})

	it("a server that hides others of its name in other tools' files names those files", () => {
		showMcp([
			server({
				name: "db",
				source: "project",
				configFile: "/work/repo/.cairn/mcp.json",
				shadows: ["/work/repo/.roo/mcp.json", "/work/repo/.vscode/mcp.json"],
			}),
		])
		const shown = within(card("db (Project)")).getByText(
			"Used instead of the server of the same name in .roo/mcp.json and .vscode/mcp.json",
		)
		expect(shown.getAttribute("title")).toBe("/work/repo/.roo/mcp.json\n/work/repo/.vscode/mcp.json")
	})

	it.each([
		["connecting", "Connecting"],
		["connected", "Connected"],
		["disabled", "Disabled"],
		["blocked", "Blocked"],
		["error", "Error"],
		["disconnected", "Disconnected"],
	] as const)("a %s server says %s", (status, text) => {
		showMcp([server({ status })])
		expect(within(card("github (Global)")).getByText(text)).toBeTruthy()
	})

	it("a disconnected server counts down to its next attempt", () => {
		showMcp([server({ status: "disconnected", retryAt: Date.now() + 4_500, tools: [] })])
		expect(within(card("github (Global)")).getByText("Disconnected, retrying in 5 s")).toBeTruthy()
	})

	it("a failing server shows its error and, folded, the last lines it wrote to stderr", () => {
		showMcp([
			server({
				status: "error",
				error: "The server exited before it was ready.",
				problem: { kind: "exited_early", params: {} },
				stderr: ["Starting…", "Error: GITHUB_TOKEN is not set"],
				tools: [],
			}),
		])
		const github = card("github (Global)")
		expect(within(github).getByText("The server exited before it was ready.")).toBeTruthy()
		expect(within(github).queryByLabelText("github stderr")).toBeNull()
		fireEvent.click(button(github, "Server output (last 2 lines)"))
		expect(within(github).getByLabelText("github stderr").textContent).toBe(
			"Starting…\nError: GITHUB_TOKEN is not set",
		)
	})

	it("a blocked project server says how to allow it", () => {
		showMcp([
			server({
				source: "project",
				status: "blocked",
				error: "… Run cairn with --allow-project-mcp to allow them.",
				problem: {
					kind: "consent_refused",
					params: {
						file: ".cairn/mcp.json",
						howToAllow: "Run cairn with --allow-project-mcp to allow them.",
					},
				},
				tools: [],
			}),
		])
		expect(
			within(card("github (Project)")).getByText(
				".cairn/mcp.json starts programs from the workspace; they run only with your consent. Press Restart to be asked again.",
			),
		).toBeTruthy()
	})

	it("words a server's problem and the config's problems in German, from their kinds", async () => {
		await showLanguage("de")
		showMcp(
			[
				server({
					status: "error",
					error: "The environment variable GITHUB_TOKEN is not set. (env.GITHUB_TOKEN)",
					problem: {
						kind: "env_missing",
						params: { field: "env.GITHUB_TOKEN", variable: "GITHUB_TOKEN" },
					},
					tools: [],
				}),
				server({
					name: "docs",
					status: "error",
					error: "The server stopped. Gave up after 5 attempts to reconnect.",
					problem: { kind: "stopped", params: { gaveUpAfter: 5 } },
					tools: [],
				}),
			],
			[
				{
					source: "global",
					file: "/cfg/mcp_settings.json",
					message: "The file is not valid JSON (CommaExpected at line 4, column 5).",
					problem: {
						kind: "config_not_json",
						params: { said: "CommaExpected", line: 4, column: 5 },
					},
				},
			],
		)
		expect(
			within(card("github (Global)")).getByText(
				"Die Umgebungsvariable GITHUB_TOKEN ist nicht gesetzt. (env.GITHUB_TOKEN)",
			),
		).toBeTruthy()
		expect(
			within(card("docs (Global)")).getByText(
				"Der Server wurde beendet. Die Neuverbindung wurde nach 5 Versuchen aufgegeben.",
			),
		).toBeTruthy()
		expect(
			screen.getByText("Die Datei ist kein gültiges JSON (CommaExpected in Zeile 4, Spalte 5)."),
		).toBeTruthy()
		expect(document.body.textContent).not.toMatch(/not set|Gave up|not valid JSON/)
	})

	it("lists the tools with their descriptions and the name the model calls them by", () => {
		showMcp([server()])
		const github = card("github (Global)")
		expect(button(github, "Tools (2)").getAttribute("aria-expanded")).toBe("true")
		expect(within(github).getByText("Opens an issue in a repository.")).toBeTruthy()
		expect(within(github).getByText("mcp__github__create_issue")).toBeTruthy()
	})

	it("each tool's Always allow switch shows the config's alwaysAllow and sends the change", () => {
		showMcp([server()])
		const createIssue = screen.getByRole<HTMLInputElement>("checkbox", {
			name: "Always allow create_issue",
		})
		const listIssues = screen.getByRole<HTMLInputElement>("checkbox", {
			name: "Always allow list_issues",
		})
		expect([createIssue.checked, listIssues.checked]).toEqual([false, true])
		posted.length = 0
		fireEvent.click(createIssue)
		fireEvent.click(listIssues)
		expect(posted).toEqual([
			{
				type: "toggleToolAlwaysAllow",
				serverName: "github",
				source: "global",
				toolName: "create_issue",
				alwaysAllow: true,
			},
			{
				type: "toggleToolAlwaysAllow",
				serverName: "github",
				source: "global",
				toolName: "list_issues",
				alwaysAllow: false,
			},
		])
		// The switch follows the host, which answers with what it wrote.
		fromHost({
			type: "mcpServers",
			servers: [server({ tools: server().tools.map((t) => ({ ...t, alwaysAllow: true })) })],
			problems: [],
		})
		expect(createIssue.checked).toBe(true)
	})

	it("resources and resource templates are folded lists", () => {
		showMcp([server()])
		const github = card("github (Global)")
		expect(within(github).queryByText("repo://cairn/readme")).toBeNull()
		fireEvent.click(button(github, "Resources (1)"))
		fireEvent.click(button(github, "Resource templates (1)"))
		expect(within(github).getByText("repo://cairn/readme")).toBeTruthy()
		expect(within(github).getByText("repo://{owner}/{name}")).toBeTruthy()
	})

	it("Restart and Disable send the server's name and source", () => {
		showMcp([server({ source: "project" })])
		posted.length = 0
		const github = card("github (Project)")
		fireEvent.click(button(github, "Restart github"))
		fireEvent.click(button(github, "Disable github"))
		expect(posted).toEqual([
			{ type: "restartMcpServer", serverName: "github", source: "project" },
			{ type: "toggleMcpServer", serverName: "github", source: "project", disabled: true },
		])
	})

	it("a disabled server can be enabled, not restarted", () => {
		showMcp([server({ status: "disabled", tools: [] })])
		posted.length = 0
		const github = card("github (Global)")
		expect(within(github).queryByRole("button", { name: "Restart github" })).toBeNull()
		fireEvent.click(button(github, "Enable github"))
		expect(posted).toEqual([
			{ type: "toggleMcpServer", serverName: "github", source: "global", disabled: false },
		])
	})

	it("deletes only after a confirmation that names the file", () => {
		showMcp([server()])
		posted.length = 0
		const github = card("github (Global)")
		fireEvent.click(button(github, "Delete github"))
		const question = within(github).getByRole("group", {
			name: "Delete github from /home/me/.storage/settings/mcp_settings.json?",
		})
		fireEvent.click(within(question).getByRole("button", { name: "Cancel" }))
		expect(posted).toEqual([])
		fireEvent.click(button(github, "Delete github"))
		fireEvent.click(button(github, "Delete"))
		expect(posted).toEqual([{ type: "deleteMcpServer", serverName: "github", source: "global" }])
	})

	it("shows the config problems on top, each naming the file, server and field", () => {
		showMcp(
			[server()],
			[
				{
					source: "project",
					file: "/work/app/.cairn/mcp.json",
					server: "db",
					field: "args.2",
					message: "The value is not valid: Invalid input: expected string",
					problem: {
						kind: "field_invalid",
						params: { field: "args.2", said: "Invalid input: expected string" },
					},
				},
				{
					source: "global",
					file: "/cfg/mcp_settings.json",
					message: 'The file is empty; a file without servers holds {"mcpServers": {}}.',
					problem: { kind: "config_empty", params: {} },
				},
			],
		)
		const problems = screen.getByRole("region", { name: "2 problems in the MCP config" })
		const items = within(problems)
			.getAllByRole("listitem")
			.map((item) => item.textContent)
		expect(items).toEqual([
			'Project: /work/app/.cairn/mcp.json, server "db", field args.2The value is not valid: Invalid input: expected string',
			'Global: /cfg/mcp_settings.jsonThe file is empty; a file without servers holds {"mcpServers": {}}.',
		])
		expect(screen.getAllByRole("article")).toHaveLength(1)
	})

	it("with no server, explains the config's shape and offers to edit either file", () => {
		showMcp([])
		const empty = screen.getByRole("region", { name: "No MCP servers yet" })
		const example = within(empty).getByLabelText("Example MCP config").textContent ?? ""
		expect(Object.keys((JSON.parse(example) as { mcpServers: object }).mcpServers)).toEqual([
			"files",
			"docs",
		])
		posted.length = 0
		fireEvent.click(button(empty, "Edit global config"))
		fireEvent.click(button(empty, "Edit project config"))
		expect(posted).toEqual([
			{ type: "openMcpSettings", source: "global" },
			{ type: "openMcpSettings", source: "project" },
		])
	})

	it("with servers, the Edit config buttons are still there", () => {
		showMcp([server()])
		posted.length = 0
		fireEvent.click(screen.getByRole("button", { name: "Edit project config" }))
		expect(posted).toEqual([{ type: "openMcpSettings", source: "project" }])
	})

	it("speaks Japanese: statuses, actions and counts", async () => {
		await showLanguage("ja")
		showMcp([server(), server({ name: "docs", status: "disabled", tools: [] })])
		const github = card("github (グローバル)")
		expect(within(github).getByText("接続済み")).toBeTruthy()
		expect(button(github, "github を再起動")).toBeTruthy()
		expect(button(github, "ツール (2)")).toBeTruthy()
		expect(within(card("docs (グローバル)")).getByText("無効")).toBeTruthy()
		expect(button(card("docs (グローバル)"), "docs を有効にする")).toBeTruthy()
	})

	it("counts the config's problems with Russian plural forms", async () => {
		await showLanguage("ru")
		const problem = (file: string): McpConfigProblem => ({
			source: "global",
			file,
			message: "The file is empty",
			problem: { kind: "config_empty", params: {} },
		})
		showMcp([], [problem("/a.json"), problem("/b.json")])
		expect(screen.getByRole("region", { name: "2 проблемы в конфигурации MCP" })).toBeTruthy()
		fromHost({ type: "mcpServers", servers: [], problems: ["/1", "/2", "/3", "/4", "/5"].map(problem) })
		expect(screen.getByRole("region", { name: "5 проблем в конфигурации MCP" })).toBeTruthy()
	})
})
