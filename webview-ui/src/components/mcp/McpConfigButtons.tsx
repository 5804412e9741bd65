import { openMcpSettings } from "../../state/mcpActions"
import { IconButton } from "../common/IconButton"

/** Opens the person's own config file or the workspace's `.cairn/mcp.json` in the editor. */
export function McpConfigButtons() {
	return (
		<div className="mcp-config-buttons">
			<IconButton
				icon="go-to-file"
				label="Edit global config"
				text="Edit global config"
				onClick={() => openMcpSettings("global")}
			/>
			<IconButton
				icon="go-to-file"
				label="Edit project config"
				text="Edit project config"
				onClick={() => openMcpSettings("project")}
			/>
		</div>
	)
}
