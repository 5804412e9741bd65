import { useTranslation } from "react-i18next"
import type { ClineSayTool } from "@cairn/types"
import { CodeBlock } from "../../content/CodeBlock"
import { languageOfPath } from "../../content/languages"
import { PathLine } from "./PathLine"
import { ToolSection } from "./ToolSection"

type ReadTool = Extract<
	ClineSayTool,
	{
		tool:
			| "readFile"
			| "listFilesTopLevel"
			| "listFilesRecursive"
			| "listCodeDefinitionNames"
			| "searchFiles"
	}
>

/** The first line of a range such as "lines 10-80", to open the file there. */
function firstLine(reason: string | undefined): { line?: number } {
	const match = /\blines? (\d+)/.exec(reason ?? "")
	return match?.[1] !== undefined ? { line: Number(match[1]) } : {}
}

/** Tools that only look: the path, what was asked for, and the result when the host included it. */
export function ReadToolBody({ tool, ts }: { tool: ReadTool; ts: number }) {
	const { t } = useTranslation("rows")
	const content = tool.content
	return (
		<>
			<PathLine
				path={tool.path}
				isOutsideWorkspace={tool.isOutsideWorkspace}
				isProtected={tool.isProtected}
				openable={tool.tool === "readFile"}
				{...(tool.tool === "readFile" && firstLine(tool.reason))}
			>
				{tool.tool === "readFile" && tool.reason !== undefined && (
					<span className="muted">{tool.reason}</span>
				)}
			</PathLine>
			{tool.tool === "searchFiles" && (
				<div className="search-query">
					<code>/{tool.regex}/</code>
					{tool.filePattern !== undefined && (
						<span className="muted"> {t("tool.inFiles", { pattern: tool.filePattern })}</span>
					)}
				</div>
			)}
			{content !== undefined && content !== "" && (
				<ToolSection
					stateKey={`${ts}:content`}
					section={tool.tool === "searchFiles" ? "results" : "content"}
					initiallyExpanded={false}
				>
					<CodeBlock
						code={content}
						language={tool.tool === "readFile" ? languageOfPath(tool.path) : undefined}
					/>
				</ToolSection>
			)}
		</>
	)
}
