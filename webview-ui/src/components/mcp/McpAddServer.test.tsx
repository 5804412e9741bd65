import type { McpServerView } from "@cairn/types"
import { fireEvent, render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromHost } from "../../test/fixtures"
import { posted } from "../../test/setup"
import { McpView } from "./McpView"

const listed = (name: string, source: McpServerView["source"] = "global"): McpServerView => ({
	name,
	source,
	transport: "stdio",
	status: "connecting",
	tools: [],
	resources: [],
	resourceTemplates: [],
	configFile: "/home/me/mcp.json",
})

function openForm(servers: McpServerView[] = []) {
	render(<McpView />)
	fromHost({ type: "mcpServers", servers, problems: [] })
	fireEvent.click(screen.getByRole("button", { name: "Add server" }))
	return screen.getByRole("region", { name: "Add an MCP server" })
}

const custom = () => screen.getByRole("form", { name: "Your own server" })
const type = (scope: HTMLElement, label: string, value: string) =>
	fireEvent.change(within(scope).getByLabelText(label), { target: { value } })
const added = () => posted.filter((m) => m.type === "addMcpServer")

describe("adding an MCP server in the MCP view", () => {
	it("sends a command with its arguments and environment to the chosen config, and closes once the host lists it", () => {
		openForm()
		fireEvent.click(screen.getByRole("radio", { name: /This workspace/ }))
		const form = custom()
		type(form, "Name", "notes")
		type(form, "Command", "npx")
		type(form, "Arguments, one per line", "-y\n@modelcontextprotocol/server-filesystem\n\n/home/me/notes")
		type(form, "Environment, one NAME=value per line", "TOKEN=${env:NOTES_TOKEN}\nMODE = fast")
		fireEvent.click(within(form).getByRole("button", { name: "Add server" }))
		expect(added()).toEqual([
			{
				type: "addMcpServer",
				serverName: "notes",
				source: "project",
				server: {
					type: "stdio",
					command: "npx",
					args: ["-y", "@modelcontextprotocol/server-filesystem", "/home/me/notes"],
					env: { TOKEN: "${env:NOTES_TOKEN}", MODE: "fast" },
				},
			},
		])
		expect(within(form).getByRole("button", { name: "Adding…" })).toHaveProperty("disabled", true)
		fromHost({ type: "mcpServers", servers: [listed("notes", "project")], problems: [] })
		expect(screen.queryByRole("region", { name: "Add an MCP server" })).toBeNull()
	})

	it("sends a URL with its headers for a streamable HTTP or SSE server", () => {
		openForm()
		const form = custom()
		type(form, "Name", "docs")
		fireEvent.change(within(form).getByLabelText("Transport"), { target: { value: "sse" } })
		type(form, "URL", " https://example.com/sse ")
		type(form, "Headers, one Name: value per line", "Authorization: Bearer ${env:DOCS_TOKEN}")
		fireEvent.click(within(form).getByRole("button", { name: "Add server" }))
		expect(added()[0]).toMatchObject({
			source: "global",
			server: {
				type: "sse",
				url: "https://example.com/sse",
				headers: { Authorization: "Bearer ${env:DOCS_TOKEN}" },
			},
		})
	})

	it("says what is missing or wrong before anything is sent", () => {
		openForm([listed("notes")])
		const form = custom()
		fireEvent.click(within(form).getByRole("button", { name: "Add server" }))
		expect(within(form).getAllByText("Required")).toHaveLength(2)
		type(form, "Name", "notes")
		type(form, "Command", "node")
		type(form, "Environment, one NAME=value per line", "A=1\njust a value")
		fireEvent.click(within(form).getByRole("button", { name: "Add server" }))
		expect(within(form).getByText("There is already a server named notes there")).toBeTruthy()
		expect(within(form).getByText("Line 2 needs a name before “=”")).toBeTruthy()
		expect(added()).toEqual([])
	})

	it("stays open and ready again when the host refuses the server", () => {
		openForm()
		const form = custom()
		type(form, "Name", "bad")
		type(form, "Command", "node")
		fireEvent.click(within(form).getByRole("button", { name: "Add server" }))
		fromHost({
			type: "error",
			code: "failed",
			error: 'The server "bad" cannot be added: The environment variable X is not set.',
			inReplyTo: "addMcpServer",
		})
		expect(within(custom()).getByRole("button", { name: "Add server" })).toHaveProperty("disabled", false)
	})
})

describe("the catalog of well-known servers", () => {
	const entry = (title: string) => screen.getByRole("article", { name: title })

	it("adds a server that needs nothing with one click, under its own name", () => {
		openForm()
		const memory = entry("Memory")
		expect(
			within(memory).getByText("Runs the npm package @modelcontextprotocol/server-memory"),
		).toBeTruthy()
		fireEvent.click(within(memory).getByRole("button", { name: "Add Memory" }))
		expect(added()).toEqual([
			{
				type: "addMcpServer",
				serverName: "memory",
				source: "global",
				server: {
					type: "stdio",
					command: "npx",
					args: ["-y", "@modelcontextprotocol/server-memory"],
					env: {},
				},
			},
		])
	})

	it("asks for the fields a server needs first; a token goes in a password box", () => {
		openForm()
		const github = entry("GitHub")
		fireEvent.click(within(github).getByRole("button", { name: "Add GitHub" }))
		const token = within(github).getByLabelText("GitHub personal access token")
		expect(token).toHaveProperty("type", "password")
		const submit = within(github).getAllByRole("button", { name: "Add GitHub" }).at(-1) as HTMLElement
		fireEvent.click(submit)
		expect(within(github).getByText("Required")).toBeTruthy()
		expect(added()).toEqual([])
		fireEvent.change(token, { target: { value: "ghp_secret" } })
		fireEvent.click(submit)
		expect(added()[0]).toMatchObject({
			serverName: "github",
			server: {
				type: "streamable-http",
				url: "https://api.githubcopilot.com/mcp/",
				headers: { Authorization: "Bearer ghp_secret" },
			},
		})
	})

	it("a server already in the chosen config is marked added", () => {
		openForm([listed("fetch")])
		expect(within(entry("Fetch")).getByRole("button", { name: "Fetch is added" })).toHaveProperty(
			"disabled",
			true,
		)
		fireEvent.click(screen.getByRole("radio", { name: /This workspace/ }))
		expect(within(entry("Fetch")).getByRole("button", { name: "Add Fetch" })).toHaveProperty(
			"disabled",
			false,
		)
	})
})
