import type { McpServerView } from "@cairn/types"
import { Trans, useTranslation } from "react-i18next"
import { setToolAlwaysAllow } from "../../state/mcpActions"
import { Disclosure } from "./Disclosure"

/**
 * The server's tools, each with its "Always allow" switch. The switch shows the host's state
 * (the config file's `alwaysAllow`), so it moves once the host has written the change.
 */
export function McpToolList({ server }: { server: McpServerView }) {
	const { t } = useTranslation("mcp")
	if (server.tools.length === 0) return null
	return (
		<Disclosure label={t("tools", { count: server.tools.length })} initiallyOpen>
			<ul className="mcp-items">
				{server.tools.map((tool) => (
					<li key={tool.name} className="mcp-tool">
						<div className="mcp-tool-head">
							<code className="mcp-item-name">{tool.name}</code>
							<label className="mcp-always-allow">
								<input
									type="checkbox"
									checked={tool.alwaysAllow}
									aria-label={t("alwaysAllowTool", { tool: tool.name })}
									onChange={(event) =>
										setToolAlwaysAllow(server, tool.name, event.target.checked)
									}
								/>
								{t("alwaysAllow")}
							</label>
						</div>
						{tool.description !== undefined && tool.description !== "" && (
							<div className="mcp-item-description">{tool.description}</div>
						)}
						{tool.modelName !== tool.name && (
							<div className="mcp-item-detail">
								<Trans
									t={t}
									i18nKey="modelCallsIt"
									values={{ name: tool.modelName }}
									components={{ code: <code /> }}
								/>
							</div>
						)}
					</li>
				))}
			</ul>
		</Disclosure>
	)
}
