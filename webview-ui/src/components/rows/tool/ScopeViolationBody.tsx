import type { ClineSayTool } from "@cairn/types"
import { CodeBlock } from "../../content/CodeBlock"
import { PathLine } from "./PathLine"

type ScopeViolation = Extract<ClineSayTool, { tool: "scopeViolation" }>

/** What a governed change outside its intent's scope would touch, and why it needs the person. */
export function ScopeViolationBody({ tool }: { tool: ScopeViolation }) {
	return (
		<div className="scope-violation">
			<div className="row-detail">
				Intent <code>{tool.intentId}</code>
				{tool.intentName !== undefined && <> ({tool.intentName})</>}, tool{" "}
				<code>{tool.toolName}</code>
			</div>
			{tool.path !== undefined && <PathLine path={tool.path} />}
			{tool.command !== undefined && <CodeBlock code={tool.command} language="shell" />}
			<div className="row-detail">{tool.reason}</div>
		</div>
	)
}
