import type { McpSource } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { useState } from "react"
import { IconButton } from "../common/IconButton"
import { McpCatalog } from "./McpCatalog"
import { McpServerForm } from "./McpServerForm"
import { useServerAdding } from "./useServerAdding"

const sources: McpSource[] = ["global", "project"]

/**
 * Adding a server without editing JSON: where it goes (the person's file, or the workspace's,
 * which runs once they allow it), then a well-known server or one of their own. Closes once
 * the host lists the new server.
 */
export function McpAddServer({ onClose }: { onClose: () => void }) {
	const { t } = useTranslation("mcp")
	const [source, setSource] = useState<McpSource>("global")
	const { adding, add } = useServerAdding(onClose)
	return (
		<section className="mcp-add" aria-labelledby="mcp-add-title">
			<div className="mcp-add-head">
				<h3 id="mcp-add-title">{t("add.title")}</h3>
				<IconButton icon="close" label={t("add.close")} onClick={onClose} />
			</div>
			<fieldset className="mcp-scope">
				<legend>{t("add.scope")}</legend>
				{sources.map((value) => (
					<label key={value}>
						<input
							type="radio"
							name="mcp-scope"
							value={value}
							checked={source === value}
							onChange={() => setSource(value)}
						/>
						{t(`add.scopes.${value}`)}
					</label>
				))}
			</fieldset>
			<h4>{t("add.catalog")}</h4>
			<McpCatalog source={source} adding={adding} onAdd={add} />
			<h4>{t("add.custom")}</h4>
			<McpServerForm source={source} adding={adding} onAdd={add} />
		</section>
	)
}
