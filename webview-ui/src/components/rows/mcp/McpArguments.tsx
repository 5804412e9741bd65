import { useTranslation } from "react-i18next"
import { CodeBlock } from "../../content/CodeBlock"
import { ToolSection } from "../tool/ToolSection"

/** Longer arguments fold away once the call is no longer waiting for the person. */
const foldAboveLines = 12

/** The model's JSON, indented; text that is not JSON is shown as it came. */
function pretty(text: string): string {
	try {
		return JSON.stringify(JSON.parse(text), null, 2)
	} catch {
		return text
	}
}

/**
 * The arguments of a tool call. While the call waits for approval they are always shown in
 * full: the person approves exactly what is sent.
 */
export function McpArguments({
	text,
	ts,
	waiting,
}: {
	text: string | undefined
	ts: number
	waiting: boolean
}) {
	const { t } = useTranslation("rows")
	const code = text === undefined ? "" : pretty(text)
	if (code === "" || code === "{}") return <div className="muted">{t("mcp.noArguments")}</div>
	const lines = code.split("\n").length
	if (lines <= foldAboveLines) return <CodeBlock code={code} language="json" />
	return (
		<ToolSection
			stateKey={`${ts}:arguments`}
			section="arguments"
			lines={lines}
			initiallyExpanded={waiting}
		>
			<CodeBlock code={code} language="json" />
		</ToolSection>
	)
}
