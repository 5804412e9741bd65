import type { McpServerView } from "@cairn/types"
import { setToolAlwaysAllow } from "../../state/mcpActions"
import { Disclosure } from "./Disclosure"

/**
 * The server's tools, each with its "Always allow" switch. The switch shows the host's state
 * (the config file's `alwaysAllow`), so it moves once the host has written the change.
 */
export function McpToolList({ server }: { server: McpServerView }) {
	if (server.tools.length === 0) return null
	return (
		<Disclosure label={`Tools (${server.tools.length})`} initiallyOpen>
			<ul className="mcp-items">
				{server.tools.map((tool) => (
					<li key={tool.name} className="mcp-tool">
						<div className="mcp-tool-head">
							<code className="mcp-item-name">{tool.name}</code>
							<label className="mcp-always-allow">
								<input
									type="checkbox"
									checked={tool.alwaysAllow}
									aria-label={`Always allow ${tool.name}`}
									onChange={(event) =>
										setToolAlwaysAllow(server, tool.name, event.target.checked)
									}
								/>
								Always allow
							</label>
						</div>
						{tool.description !== undefined && tool.description !== "" && (
							<div className="mcp-item-description">{tool.description}</div>
						)}
						{tool.modelName !== tool.name && (
							<div className="mcp-item-detail">
								The model calls it <code>{tool.modelName}</code>
							</div>
						)}
					</li>
				))}
			</ul>
		</Disclosure>
	)
}
