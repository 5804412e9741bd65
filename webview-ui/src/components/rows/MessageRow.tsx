import type { ClineMessage } from "@cairn/types"
import type { TFunction } from "i18next"
import { memo, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { countRowRender } from "../../state/renderProbe"
import { RowErrorBoundary } from "../common/RowErrorBoundary"
import { ApiFailedRow } from "./problem/ApiFailedRow"
import { ApiRequestRow } from "./ApiRequestRow"
import { AssistantTextRow } from "./AssistantTextRow"
import { AutoApprovalLimitRow } from "./AutoApprovalLimitRow"
import { BackgroundCommandRow } from "./BackgroundCommandRow"
import { CheckpointRow } from "./checkpoint/CheckpointRow"
import { CodebaseSearchResultRow } from "./codebase/CodebaseSearchResultRow"
import { BlockedPathRow } from "./BlockedPathRow"
import { BudgetRow } from "./BudgetRow"
import { BrowserActionRow, BrowserLaunchRow, BrowserResultRow } from "./browser/BrowserRows"
import { CommandAskRow } from "./CommandAskRow"
import { CommandOutputRow } from "./CommandOutputRow"
import { CompletionRow } from "./CompletionRow"
import { CondenseRow } from "./CondenseRow"
import { ErrorRow } from "./ErrorRow"
import { FollowupRow } from "./FollowupRow"
import { GenericRow } from "./GenericRow"
import { HookRow } from "./HookRow"
import { InfoRow } from "./InfoRow"
import { McpResponseRow } from "./mcp/McpResponseRow"
import { McpNotReadyRow } from "./mcp/McpNotReadyRow"
import { McpRow } from "./mcp/McpRow"
import { MistakeLimitRow } from "./MistakeLimitRow"
import { ReasoningRow } from "./ReasoningRow"
import { ResumeRow } from "./ResumeRow"
import { RetryDelayRow } from "./RetryDelayRow"
import { SubtaskResultRow } from "./SubtaskResultRow"
import { ToolRow } from "./ToolRow"
import { UserMessageRow } from "./UserMessageRow"
import "./rows.css"

export interface MessageRowProps {
	message: ClineMessage
	/** The task's first message: the person's task text. */
	isFirst: boolean
	isLast: boolean
	/** The newest api_req_started of the task: only it may still be streaming. */
	isCurrentRequest: boolean
}

function sayRow(props: MessageRowProps, t: TFunction<"rows">): ReactNode {
	const { message, isFirst } = props
	switch (message.say) {
		case "text":
			return isFirst ? <UserMessageRow {...props} isTask /> : <AssistantTextRow {...props} />
		case "user_feedback":
			return <UserMessageRow {...props} isTask={false} />
		case "reasoning":
			return <ReasoningRow {...props} />
		case "api_req_started":
			return <ApiRequestRow {...props} />
		case "api_req_retry_delayed":
			return <RetryDelayRow {...props} />
		case "api_req_retried":
			return <InfoRow {...props} icon="sync" title={t("kind.requestRetried")} />
		case "api_req_rate_limit_wait":
			return <InfoRow {...props} icon="watch" tone="warning" title={t("kind.rateLimitWait")} />
		case "tool":
		case "user_feedback_diff":
		case "user_edit_todos":
			return <ToolRow {...props} />
		case "command_output":
			return <CommandOutputRow {...props} />
		case "background_command":
			return <BackgroundCommandRow {...props} />
		case "completion_result":
			return <CompletionRow {...props} />
		case "error":
			return <ErrorRow {...props} title={t("kind.error")} />
		case "diff_error":
			return <ErrorRow {...props} title={t("kind.diffError")} />
		case "rooignore_error":
			return <BlockedPathRow {...props} />
		case "hook":
			return <HookRow {...props} />
		case "shell_integration_warning":
			return <InfoRow {...props} icon="warning" tone="warning" title={t("kind.shellIntegration")} />
		case "mcp_server_request_started":
			return <McpRow {...props} />
		case "mcp_server_response":
			return <McpResponseRow {...props} />
		case "mcp_server_not_ready":
			return <McpNotReadyRow {...props} />
		case "browser_action":
			return <BrowserActionRow {...props} />
		case "browser_action_result":
			return <BrowserResultRow {...props} />
		case "codebase_search_result":
			return <CodebaseSearchResultRow {...props} />
		case "checkpoint_saved":
			return <CheckpointRow {...props} />
		case "checkpoint_error":
			return <InfoRow {...props} icon="warning" tone="warning" title={t("kind.checkpointError")} />
		case "condense_context":
			return <CondenseRow {...props} />
		case "condense_context_error":
			return <InfoRow {...props} icon="warning" tone="warning" title={t("kind.condenseError")} />
		case "subtask_result":
			return <SubtaskResultRow {...props} />
		case "budget_notice":
			return <BudgetRow {...props} />
		case "sliding_window_truncation":
			return <InfoRow {...props} icon="fold" title={t("kind.slidingWindow")} />
		default:
			return <GenericRow message={message} />
	}
}

function askRow(props: MessageRowProps): ReactNode {
	const { message } = props
	switch (message.ask) {
		case "followup":
			return <FollowupRow {...props} />
		case "command":
			return <CommandAskRow {...props} />
		case "command_output":
			return <CommandOutputRow {...props} />
		case "tool":
			return <ToolRow {...props} />
		case "completion_result":
			return <CompletionRow {...props} />
		case "api_req_failed":
			return <ApiFailedRow {...props} />
		case "mistake_limit_reached":
			return <MistakeLimitRow {...props} />
		case "resume_task":
		case "resume_completed_task":
			return <ResumeRow {...props} />
		case "auto_approval_max_req_reached":
			return <AutoApprovalLimitRow {...props} />
		case "budget_reached":
			return <BudgetRow {...props} />
		case "use_mcp_server":
			return <McpRow {...props} />
		case "browser_action_launch":
			return <BrowserLaunchRow {...props} />
		default:
			return <GenericRow message={message} />
	}
}

/**
 * One transcript row. Memoized on its props: a delta replaces one message object, so a
 * streaming update re-renders only the row of that message.
 */
function MessageRowImpl(props: MessageRowProps) {
	countRowRender()
	const { t } = useTranslation("rows")
	const { message } = props
	return (
		<div
			className="row"
			data-ts={message.ts}
			data-kind={message.type === "ask" ? message.ask : message.say}
		>
			<RowErrorBoundary resetKey={message} fallback={<GenericRow message={message} />}>
				{message.type === "ask" ? askRow(props) : sayRow(props, t)}
			</RowErrorBoundary>
		</div>
	)
}

export const MessageRow = memo(MessageRowImpl)
