import type { McpServerView } from "@cairn/types"

const maxItems = 30
const brief = (text: string | undefined) => (text ? ` - ${text.split("\n")[0]?.slice(0, 160)}` : "")

function list<T>(items: readonly T[], line: (item: T) => string): string[] {
	const shown = items.slice(0, maxItems).map(line)
	if (items.length > maxItems) shown.push(`  (${items.length - maxItems} more)`)
	return shown
}

/** The connected MCP servers in a few lines each: their tools, resources and resource templates. */
export function mcpPromptSection(servers: readonly McpServerView[]): string | undefined {
	if (servers.length === 0) return undefined
	const parts = [
		"Connected MCP servers give you more tools. Call a server's tool by the name listed here (or with use_mcp_tool and its server and tool name); read a resource with access_mcp_resource.",
	]
	for (const server of servers) {
		const lines = [`## ${server.name}${server.source === "project" ? " (this workspace's)" : ""}`]
		if (server.tools.length > 0)
			lines.push(
				"Tools:",
				...list(server.tools, (t) => `- ${t.modelName} (${t.name})${brief(t.description)}`),
			)
		if (server.resources.length > 0)
			lines.push(
				"Resources:",
				...list(server.resources, (r) => `- ${r.uri} (${r.name})${brief(r.description)}`),
			)
		if (server.resourceTemplates.length > 0)
			lines.push(
				"Resource templates:",
				...list(
					server.resourceTemplates,
					(t) => `- ${t.uriTemplate} (${t.name})${brief(t.description)}`,
				),
			)
		parts.push(lines.join("\n"))
	}
	return parts.join("\n\n")
}
