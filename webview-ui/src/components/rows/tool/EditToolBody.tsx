import type { ClineSayTool } from "@cairn/types"
import { CodeBlock } from "../../content/CodeBlock"
import { DiffStats } from "../../content/DiffStats"
import { DiffView } from "../../content/DiffView"
import { languageOfPath } from "../../content/languages"
import { PathLine } from "./PathLine"
import { ToolSection } from "./ToolSection"

type EditTool = Extract<
	ClineSayTool,
	{ tool: "newFileCreated" | "editedExistingFile" | "appliedDiff" | "insertContent" | "searchAndReplace" }
>

/**
 * A change to a file: the path and the unified diff. The change waiting for approval shows its
 * diff open, since that is what the person decides on; others start folded.
 */
export function EditToolBody({ tool, ts, open }: { tool: EditTool; ts: number; open: boolean }) {
	const diff = tool.diff ?? ""
	return (
		<>
			<PathLine
				path={tool.path}
				isOutsideWorkspace={tool.isOutsideWorkspace}
				isProtected={tool.isProtected}
			>
				{diff !== "" && <DiffStats diff={diff} />}
			</PathLine>
			{tool.tool === "searchAndReplace" && tool.search !== undefined && (
				<div className="search-query">
					<code>{tool.search}</code> → <code>{tool.replace ?? ""}</code>
					{tool.useRegex === true && <span className="muted"> (regex)</span>}
					{tool.ignoreCase === true && <span className="muted"> (ignore case)</span>}
				</div>
			)}
			{diff !== "" ? (
				<ToolSection stateKey={`${ts}:diff`} label="diff" initiallyExpanded={open}>
					<DiffView diff={diff} />
				</ToolSection>
			) : (
				tool.tool === "newFileCreated" &&
				tool.content !== "" && (
					<ToolSection stateKey={`${ts}:content`} label="content" initiallyExpanded={open}>
						<CodeBlock code={tool.content} language={languageOfPath(tool.path)} />
					</ToolSection>
				)
			)}
		</>
	)
}
