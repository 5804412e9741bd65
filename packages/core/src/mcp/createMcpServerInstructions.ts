import path from "node:path"

/** What the model needs to connect or write an MCP server for this workspace (fetch_instructions create_mcp_server). */
export function createMcpServerInstructions(workspaceRoot: string): string {
	const projectFile = path.join(workspaceRoot, ".cairn", "mcp.json")
	return `# Adding an MCP server

An MCP (Model Context Protocol) server gives you tools of its own. Once it is connected, each of its tools is offered to you as mcp__<server>__<tool>, and use_mcp_tool and access_mcp_resource reach it by name. Every call of one asks the person unless they always allowed that tool.

First find out which of two cases this is; ask the person if it is unclear:
1. An existing server (an npm package, a program, a remote URL): only a config entry is needed.
2. A server that does not exist yet: write it (below), then add its config entry.

## Where servers are configured

- This workspace's servers: .cairn/mcp.json (${projectFile}). It belongs to the repository, so its servers start only after the person agreed to the file's exact content (VS Code asks; the CLI needs --allow-project-mcp), and a change to the file asks again. Tell the person so after writing it.
- The person's own servers, for every workspace: their global MCP config, which they open from Cairn's MCP view ("Edit global config"). Suggest the entry for it when the server holds their personal credentials or tools, rather than writing the file yourself.

Both files are JSON (comments and trailing commas allowed) and watched: saving one starts, restarts or stops only the servers whose entry changed. Read .cairn/mcp.json first if it exists and add the new entry, keeping the others.

## Format

\`\`\`json
{
	"mcpServers": {
		"weather": {
			"command": "node",
			"args": ["tools/weather-mcp/server.mjs"],
			"env": { "WEATHER_API_KEY": "\${env:WEATHER_API_KEY}" },
			"timeout": 60
		},
		"docs": {
			"type": "streamable-http",
			"url": "https://example.com/mcp",
			"headers": { "Authorization": "Bearer \${env:DOCS_TOKEN}" }
		}
	}
}
\`\`\`

- The key (weather, docs) is the server's name, used in tool names and by use_mcp_tool.
- type is stdio (the default, which needs command and may have args, env and cwd), streamable-http (or http) or sse (both need url and may have headers).
- A stdio server starts in the workspace folder unless cwd says otherwise (a relative cwd is resolved against the workspace). It gets a minimal environment (PATH, HOME and the like), not the person's: pass what it needs in env.
- \${env:NAME} is replaced from the person's environment in command, args, env, cwd, url and headers. Never write a key or token into the file: the workspace file is committed, so refer to a variable and tell the person which one to set.
- timeout is seconds per call (default 60, at most 3600); disabled: true keeps a server off; alwaysAllow lists tools that may run without asking (leave it to the person).
- To run a published package, use npx: "command": "npx", "args": ["-y", "<package>", ...].

## Writing a new server (Node.js)

Put it in a folder of the workspace (tools/<name>-mcp/ say) with a package.json of its own ("type": "module"), and install its dependencies there: npm install @modelcontextprotocol/sdk zod.

\`\`\`js
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js"
import { z } from "zod"

const server = new McpServer({ name: "weather", version: "1.0.0" })

server.registerTool(
	"forecast",
	{
		description: "The weather forecast for a city, for the next days.",
		inputSchema: { city: z.string().describe("The city's name"), days: z.number().int().min(1).max(7) },
	},
	async ({ city, days }) => {
		const response = await fetch(\`https://api.example.com/forecast?q=\${encodeURIComponent(city)}&days=\${days}\`, {
			headers: { authorization: \`Bearer \${process.env.WEATHER_API_KEY}\` },
		})
		if (!response.ok) return { content: [{ type: "text", text: \`The forecast service answered \${response.status}\` }], isError: true }
		return { content: [{ type: "text", text: JSON.stringify(await response.json()) }] }
	},
)

await server.connect(new StdioServerTransport())
\`\`\`

- stdout carries the protocol: log with console.error only; anything else on stdout breaks the connection.
- Give each tool a description that says when to use it, and describe every input; an error the caller should see is a result with isError: true, not a crash.
- Read secrets from process.env, passed through the config's env with \${env:NAME}.
- Check that it starts (node tools/weather-mcp/server.mjs should wait for input without printing to stdout), then add its entry with "command": "node" and the script's path in args.

After the entry is saved, the server's status, its last stderr lines and its tools are in Cairn's MCP view. Its tools are offered to you from the next request once it is connected, in modes with the mcp group.
`
}
