import type { McpServerView } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { Disclosure } from "./Disclosure"

interface Item {
	key: string
	name: string
	address: string
	description?: string
	mimeType?: string
}

function ItemList({ label, items }: { label: string; items: Item[] }) {
	if (items.length === 0) return null
	return (
		<Disclosure label={label} initiallyOpen={false}>
			<ul className="mcp-items">
				{items.map((item) => (
					<li key={item.key}>
						<span className="mcp-item-name">{item.name}</span>{" "}
						<code className="mcp-item-detail">{item.address}</code>
						{item.mimeType !== undefined && (
							<span className="mcp-item-detail"> · {item.mimeType}</span>
						)}
						{item.description !== undefined && item.description !== "" && (
							<div className="mcp-item-description">{item.description}</div>
						)}
					</li>
				))}
			</ul>
		</Disclosure>
	)
}

/** What the model can read from the server: fixed resources, and templates it fills in. */
export function McpResourceLists({ server }: { server: McpServerView }) {
	const { t } = useTranslation("mcp")
	return (
		<>
			<ItemList
				label={t("resources", { count: server.resources.length })}
				items={server.resources.map((r) => ({ ...r, key: r.uri, address: r.uri }))}
			/>
			<ItemList
				label={t("resourceTemplates", { count: server.resourceTemplates.length })}
				items={server.resourceTemplates.map((t) => ({
					...t,
					key: t.uriTemplate,
					address: t.uriTemplate,
				}))}
			/>
		</>
	)
}
