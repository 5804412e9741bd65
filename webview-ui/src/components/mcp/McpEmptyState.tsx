import { Trans, useTranslation } from "react-i18next"
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

const code = { code: <code /> }

/** No server yet: how to add one, and the buttons that open the files to add it in. */
export function McpEmptyState() {
	const { t } = useTranslation("mcp")
	return (
		<section className="mcp-empty" aria-labelledby="mcp-empty-title">
			<h3 id="mcp-empty-title">{t("empty.title")}</h3>
			<p>
				<Trans t={t} i18nKey="empty.intro" components={code} />
			</p>
			<pre className="mcp-example" tabIndex={0} aria-label={t("empty.example")}>
				{example}
			</pre>
			<p className="muted">
				<Trans t={t} i18nKey="empty.fields" components={code} />
			</p>
			<McpConfigButtons />
		</section>
	)
}
