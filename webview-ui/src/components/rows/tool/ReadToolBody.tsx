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

/** Tools that only look: the path, what was asked for, and the result when the host included it. */
export function ReadToolBody({ tool, ts }: { tool: ReadTool; ts: number }) {
	const content = tool.content
	return (
		<>
			<PathLine
				path={tool.path}
				isOutsideWorkspace={tool.isOutsideWorkspace}
				isProtected={tool.isProtected}
			>
				{tool.tool === "readFile" && tool.reason !== undefined && (
					<span className="muted">{tool.reason}</span>
				)}
			</PathLine>
			{tool.tool === "searchFiles" && (
				<div className="search-query">
					<code>/{tool.regex}/</code>
					{tool.filePattern !== undefined && <span className="muted"> in {tool.filePattern}</span>}
				</div>
			)}
			{content !== undefined && content !== "" && (
				<ToolSection
					stateKey={`${ts}:content`}
					label={tool.tool === "searchFiles" ? "results" : "content"}
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
