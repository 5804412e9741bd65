import { Trans, useTranslation } from "react-i18next"
import type { ClineSayTool } from "@cairn/types"
import { CodeBlock } from "../../content/CodeBlock"
import { PathLine } from "./PathLine"

type ScopeViolation = Extract<ClineSayTool, { tool: "scopeViolation" }>

/** What a governed change outside its intent's scope would touch, and why it needs the person. */
export function ScopeViolationBody({ tool }: { tool: ScopeViolation }) {
	const { t } = useTranslation("rows")
	return (
		<div className="scope-violation">
			<div className="row-detail">
				<Trans
					t={t}
					i18nKey={tool.intentName !== undefined ? "tool.scopeNamedIntent" : "tool.scopeIntent"}
					values={{ intent: tool.intentId, name: tool.intentName, toolName: tool.toolName }}
					components={{ code: <code /> }}
				/>
			</div>
			{tool.path !== undefined && <PathLine path={tool.path} />}
			{tool.command !== undefined && <CodeBlock code={tool.command} language="shell" />}
			<div className="row-detail">{tool.reason}</div>
		</div>
	)
}
