import { McpConfigButtons } from "./McpConfigButtons"

const example = `{
  "mcpServers": {
    "files": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/path/to/folder"],
      "env": { "TOKEN": "\${env:MY_TOKEN}" }
    },
    "docs": {
      "type": "streamable-http",
      "url": "https://example.com/mcp"
    }
  }
}`

/** No server yet: how to add one, and the buttons that open the files to add it in. */
export function McpEmptyState() {
	return (
		<section className="mcp-empty" aria-labelledby="mcp-empty-title">
			<h3 id="mcp-empty-title">No MCP servers yet</h3>
			<p>
				MCP servers give Cairn more tools and resources. Add one to your global config (every
				workspace) or to this workspace's <code>.cairn/mcp.json</code> (runs only after you allow it),
				in this shape:
			</p>
			<pre className="mcp-example" tabIndex={0} aria-label="Example MCP config">
				{example}
			</pre>
			<p className="muted">
				A server is either a command Cairn starts (<code>command</code>, <code>args</code>,{" "}
				<code>env</code>, <code>cwd</code>) or a URL (<code>type</code> <code>streamable-http</code>{" "}
				or <code>sse</code>, <code>url</code>, <code>headers</code>). Each may also have{" "}
				<code>disabled</code>, <code>alwaysAllow</code> (tool names) and <code>timeout</code>{" "}
				(seconds).
			</p>
			<McpConfigButtons />
		</section>
	)
}
