import { useTranslation } from "react-i18next"
import { clineSayToolSchema, ranAsProposed, type ClineSayTool } from "@cairn/types"
import { usePayload } from "../../util/parsePayload"
import { Spinner } from "../common/Spinner"
import { CodeBlock } from "../content/CodeBlock"
import { Badge } from "./Badge"
import { GenericRow } from "./GenericRow"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"
import { EditToolBody } from "./tool/EditToolBody"
import { NoteToolBody } from "./tool/NoteToolBody"
import { ReadToolBody } from "./tool/ReadToolBody"
import { ScopeViolationBody } from "./tool/ScopeViolationBody"
import { TodoListBody } from "./tool/TodoListBody"
import { ExitBadge, OutcomeBadge } from "./tool/OutcomeBadge"
import { toolIcon, toolTitle, type ToolPhase } from "./tool/toolTitle"

function ToolBody({
	tool,
	ts,
	current,
	written,
}: {
	tool: ClineSayTool
	ts: number
	current: boolean
	written: boolean
}) {
	switch (tool.tool) {
		case "readFile":
		case "listFilesTopLevel":
		case "listFilesRecursive":
		case "listCodeDefinitionNames":
		case "searchFiles":
			return <ReadToolBody tool={tool} ts={ts} />
		case "newFileCreated":
		case "editedExistingFile":
		case "appliedDiff":
		case "insertContent":
		case "searchAndReplace":
			return <EditToolBody tool={tool} ts={ts} open={current} written={written} />
		case "executeCommand":
			return <CodeBlock code={tool.command} language="shell" />
		case "updateTodoList":
			return <TodoListBody todos={tool.todos} />
		case "scopeViolation":
			return <ScopeViolationBody tool={tool} />
		default:
			return <NoteToolBody tool={tool} ts={ts} />
	}
}

function phaseOf(message: RowProps["message"]): ToolPhase {
	if (!ranAsProposed(message.outcome)) return "not_done"
	// An ask that was answered carries its outcome; one without is still proposed.
	return message.type === "ask" && message.outcome === undefined ? "proposed" : "done"
}

/**
 * A tool call: as an ask it waits for approval (the buttons below the list answer it); once
 * decided it says what happened to it (approved, rejected, auto-approved, failed, cancelled).
 */
export function ToolRow({ message, isLast }: RowProps) {
	const { t } = useTranslation("rows")
	const parsed = usePayload(clineSayToolSchema, message.text)
	if (!parsed.success) return <GenericRow message={message} />
	const tool = parsed.data
	const asking = message.type === "ask" && message.outcome === undefined
	const streaming = message.partial === true
	const waiting = asking && isLast && !streaming
	const userEdits = message.say === "user_feedback_diff"
	const title =
		userEdits && "path" in tool
			? t("tool.userEditedChange", { path: tool.path })
			: message.say === "user_edit_todos"
				? t("tool.userEditedTodos")
				: tool.tool === "newTask" && message.type === "ask" && message.outcome === "approved"
					? // The row below it says the subtask started; this one records the person's yes.
						t("tool.approvedSubtask", { mode: tool.mode })
					: toolTitle(tool, phaseOf(message), t)
	return (
		<div className={["tool-row", waiting && "awaiting"].filter(Boolean).join(" ")}>
			<RowHeader
				icon={toolIcon(tool.tool)}
				title={title}
				trailing={
					streaming ? (
						<Spinner label={t("tool.requestArriving")} />
					) : waiting ? (
						<Badge text={t("tool.awaitingApproval")} />
					) : (
						<>
							<ExitBadge exit={message.commandExit} />
							<OutcomeBadge outcome={message.outcome} />
						</>
					)
				}
			/>
			<ToolBody
				tool={tool}
				ts={message.ts}
				current={(asking && isLast) || userEdits}
				written={message.outcome === "approved" || message.outcome === "auto_approved"}
			/>
		</div>
	)
}
