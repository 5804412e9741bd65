import { useTranslation } from "react-i18next"
import { openMcpSettings } from "../../state/mcpActions"
import { IconButton } from "../common/IconButton"

/** Opens the person's own config file or the workspace's `.cairn/mcp.json` in the editor. */
export function McpConfigButtons() {
	const { t } = useTranslation("mcp")
	return (
		<div className="mcp-config-buttons">
			<IconButton
				icon="go-to-file"
				label={t("editGlobalConfig")}
				text={t("editGlobalConfig")}
				onClick={() => openMcpSettings("global")}
			/>
			<IconButton
				icon="go-to-file"
				label={t("editProjectConfig")}
				text={t("editProjectConfig")}
				onClick={() => openMcpSettings("project")}
			/>
		</div>
	)
}
