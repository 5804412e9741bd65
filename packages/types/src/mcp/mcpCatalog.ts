import type { McpServerInput } from "./mcpServerInput.js"

/**
 * What a person fills in before a catalog server is added. `{{id}}` in the entry's arguments,
 * environment, URL or headers is replaced by the value. A secret is typed into a password box
 * and written to the config file as given (or as a `${env:NAME}` reference, which the file keeps).
 */
export interface McpCatalogField {
	id: McpCatalogFieldId
	kind: "folder" | "secret" | "text"
	required: boolean
}

/** Every field id: clients name each in their own words (and the compiler checks they do). */
export type McpCatalogFieldId = "folder" | "repository" | "token"

/** Every catalog server's id: clients describe each in their own words. */
export type McpCatalogId =
	"filesystem" | "git" | "fetch" | "memory" | "time" | "sequential-thinking" | "github" | "playwright"

/** How the server is distributed: what runs when it is added. */
export interface McpCatalogPackage {
	registry: "npm" | "pypi" | "hosted"
	/** The npm or PyPI package, or the service's address. */
	name: string
}

/** A well-known MCP server: facts about it and the config entry that runs it. */
export interface McpCatalogEntry {
	/** Also the name it is added under; its description is the client's `catalog.<id>` text. */
	id: McpCatalogId
	title: string
	package: McpCatalogPackage
	homepage: string
	fields: readonly McpCatalogField[]
	server: McpServerInput
}

const referenceServers = "https://github.com/modelcontextprotocol/servers/tree/main/src"

/**
 * Well-known servers, each added with one click and its required fields. Facts only: each
 * project's own package and the way its README runs it (npx for npm, uvx for PyPI).
 */
export const mcpCatalog: readonly McpCatalogEntry[] = [
	{
		id: "filesystem",
		title: "Filesystem",
		package: { registry: "npm", name: "@modelcontextprotocol/server-filesystem" },
		homepage: `${referenceServers}/filesystem`,
		fields: [{ id: "folder", kind: "folder", required: true }],
		server: {
			type: "stdio",
			command: "npx",
			args: ["-y", "@modelcontextprotocol/server-filesystem", "{{folder}}"],
			env: {},
		},
	},
	{
		id: "git",
		title: "Git",
		package: { registry: "pypi", name: "mcp-server-git" },
		homepage: `${referenceServers}/git`,
		fields: [{ id: "repository", kind: "folder", required: true }],
		server: {
			type: "stdio",
			command: "uvx",
			args: ["mcp-server-git", "--repository", "{{repository}}"],
			env: {},
		},
	},
	{
		id: "fetch",
		title: "Fetch",
		package: { registry: "pypi", name: "mcp-server-fetch" },
		homepage: `${referenceServers}/fetch`,
		fields: [],
		server: { type: "stdio", command: "uvx", args: ["mcp-server-fetch"], env: {} },
	},
	{
		id: "memory",
		title: "Memory",
		package: { registry: "npm", name: "@modelcontextprotocol/server-memory" },
		homepage: `${referenceServers}/memory`,
		fields: [],
		server: {
			type: "stdio",
			command: "npx",
			args: ["-y", "@modelcontextprotocol/server-memory"],
			env: {},
		},
	},
	{
		id: "time",
		title: "Time",
		package: { registry: "pypi", name: "mcp-server-time" },
		homepage: `${referenceServers}/time`,
		fields: [],
		server: { type: "stdio", command: "uvx", args: ["mcp-server-time"], env: {} },
	},
	{
		id: "sequential-thinking",
		title: "Sequential Thinking",
		package: { registry: "npm", name: "@modelcontextprotocol/server-sequential-thinking" },
		homepage: `${referenceServers}/sequentialthinking`,
		fields: [],
		server: {
			type: "stdio",
			command: "npx",
			args: ["-y", "@modelcontextprotocol/server-sequential-thinking"],
			env: {},
		},
	},
	{
		id: "github",
		title: "GitHub",
		package: { registry: "hosted", name: "https://api.githubcopilot.com/mcp/" },
		homepage: "https://github.com/github/github-mcp-server",
		fields: [{ id: "token", kind: "secret", required: true }],
		server: {
			type: "streamable-http",
			url: "https://api.githubcopilot.com/mcp/",
			headers: { Authorization: "Bearer {{token}}" },
		},
	},
	{
		id: "playwright",
		title: "Playwright",
		package: { registry: "npm", name: "@playwright/mcp" },
		homepage: "https://github.com/microsoft/playwright-mcp",
		fields: [],
		server: { type: "stdio", command: "npx", args: ["@playwright/mcp@latest"], env: {} },
	},
]

/**
 * The entry's server with the person's values in place of its `{{field}}`s; the ids of the
 * required fields left empty when there are any.
 */
export function catalogServer(
	entry: McpCatalogEntry,
	values: Readonly<Record<string, string>>,
): { ok: true; server: McpServerInput } | { ok: false; missing: string[] } {
	const missing = entry.fields
		.filter((field) => field.required && (values[field.id] ?? "").trim() === "")
		.map((field) => field.id)
	if (missing.length > 0) return { ok: false, missing }
	const fill = (text: string) =>
		text.replace(/\{\{([\w-]+)\}\}/g, (_match, id: string) => (values[id] ?? "").trim())
	const fillMap = (map: Record<string, string>) =>
		Object.fromEntries(Object.entries(map).map(([key, value]) => [key, fill(value)]))
	const server = entry.server
	return {
		ok: true,
		server:
			server.type === "stdio"
				? { ...server, args: server.args.map(fill), env: fillMap(server.env) }
				: { ...server, url: fill(server.url), headers: fillMap(server.headers) },
	}
}
