import { useTranslation } from "react-i18next"
import type { ClineSayTool } from "@cairn/types"
import { CodeBlock } from "../../content/CodeBlock"
import { DiffStats } from "../../content/DiffStats"
import { DiffView } from "../../content/DiffView"
import { languageOfPath } from "../../content/languages"
import { openFile, PathLine } from "./PathLine"
import { ToolSection } from "./ToolSection"

type EditTool = Extract<
	ClineSayTool,
	{ tool: "newFileCreated" | "editedExistingFile" | "appliedDiff" | "insertContent" | "searchAndReplace" }
>

/**
 * A change to a file: the path and the unified diff. The change waiting for approval shows its
 * diff open, since that is what the person decides on; others start folded.
 */
export function EditToolBody({
	tool,
	ts,
	open,
	written,
}: {
	tool: EditTool
	ts: number
	open: boolean
	/** The change was saved: the file can be opened to see it in place. */
	written: boolean
}) {
	const { t } = useTranslation("rows")
	const diff = tool.diff ?? ""
	const line = tool.tool === "insertContent" && tool.lineNumber > 0 ? { line: tool.lineNumber } : {}
	return (
		<>
			<PathLine
				path={tool.path}
				isOutsideWorkspace={tool.isOutsideWorkspace}
				isProtected={tool.isProtected}
				openable
				{...line}
			>
				{diff !== "" && <DiffStats diff={diff} />}
				{written && tool.isOutsideWorkspace !== true && (
					<button
						type="button"
						className="link-button"
						onClick={() => openFile(tool.path, line.line)}
					>
						{t("tool.openFile")}
					</button>
				)}
			</PathLine>
			{tool.tool === "searchAndReplace" && tool.search !== undefined && (
				<div className="search-query">
					<code>{tool.search}</code> → <code>{tool.replace ?? ""}</code>
					{tool.useRegex === true && <span className="muted"> {t("tool.regex")}</span>}
					{tool.ignoreCase === true && <span className="muted"> {t("tool.ignoreCase")}</span>}
				</div>
			)}
			{diff !== "" ? (
				<ToolSection stateKey={`${ts}:diff`} section="diff" initiallyExpanded={open}>
					<DiffView diff={diff} />
				</ToolSection>
			) : (
				tool.tool === "newFileCreated" &&
				tool.content !== "" && (
					<ToolSection stateKey={`${ts}:content`} section="content" initiallyExpanded={open}>
						<CodeBlock code={tool.content} language={languageOfPath(tool.path)} />
					</ToolSection>
				)
			)}
		</>
	)
}
