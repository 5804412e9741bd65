import { Trans, useTranslation } from "react-i18next"
import type { ClineSayTool } from "@cairn/types"
import { CodeBlock } from "../../content/CodeBlock"
import { Markdown } from "../../content/Markdown"
import { ToolSection } from "./ToolSection"

type NoteTool = Extract<
	ClineSayTool,
	{
		tool:
			| "switchMode"
			| "newTask"
			| "finishTask"
			| "fetchInstructions"
			| "useSkill"
			| "codebaseSearch"
			| "selectActiveIntent"
	}
>

/** Tools whose row is a short text: a mode switch's reason, a subtask's brief, fetched instructions. */
export function NoteToolBody({ tool, ts }: { tool: NoteTool; ts: number }) {
	const { t } = useTranslation("rows")
	switch (tool.tool) {
		case "switchMode":
			return tool.reason !== undefined ? <div className="row-detail">{tool.reason}</div> : null
		case "newTask":
		case "finishTask":
		case "selectActiveIntent":
			return tool.content ? <Markdown text={tool.content} /> : null
		case "fetchInstructions":
		case "useSkill":
			return (
				<ToolSection stateKey={`${ts}:content`} section="instructions" initiallyExpanded={false}>
					<CodeBlock code={tool.content} language="markdown" />
				</ToolSection>
			)
		case "codebaseSearch":
			return tool.path !== undefined ? (
				<div className="row-detail">
					<Trans
						t={t}
						i18nKey="tool.inPath"
						values={{ path: tool.path }}
						components={{ code: <code /> }}
					/>
				</div>
			) : null
	}
}
