import { z } from "zod"

/** What the agent tells a person without waiting for an answer (seed 002, plus Cairn's additions). */
export const clineSays = [
	"error",
	"api_req_started",
	"api_req_finished",
	"api_req_retried",
	"api_req_retry_delayed",
	"api_req_rate_limit_wait",
	"api_req_deleted",
	"text",
	"image",
	"reasoning",
	"completion_result",
	"user_feedback",
	"user_feedback_diff",
	"command_output",
	"shell_integration_warning",
	"browser_action",
	"browser_action_result",
	"mcp_server_request_started",
	"mcp_server_response",
	/** A configured MCP server did not connect before the task's first request (JSON of McpServerNotReady). */
	"mcp_server_not_ready",
	"subtask_result",
	"checkpoint_saved",
	/** Checkpoints could not be saved (git missing, a damaged shadow repository): the task goes on without them. */
	"checkpoint_error",
	"rooignore_error",
	"diff_error",
	"condense_context",
	"condense_context_error",
	"sliding_window_truncation",
	"codebase_search_result",
	/** The person changed the todo list; `text` is the whole list, as in an `updateTodoList` tool row. */
	"user_edit_todos",
	"tool",
	"hook",
	/** A command running on in the background (JSON of BackgroundCommandRow), updated in place. */
	"background_command",
	/** A budget passed 80% of its limit (JSON of BudgetStatus). */
	"budget_notice",
] as const

export const clineSaySchema = z.enum(clineSays)
export type ClineSay = z.infer<typeof clineSaySchema>
