import type {
	CairnSettings,
	CodebaseSearchResult,
	ClineAskCommand,
	ClineAskFollowup,
	ClineAskUseMcpServer,
	ClineSayTool,
	CommandExitInfo,
	ToolName,
} from "@cairn/types"
import type { z } from "zod"
import type { FileContextRecorder } from "../context/fileContext/fileContextRecorder.js"
import type { CommandExit, Host } from "../host/Host.js"
import type { EditRestriction } from "../modes/editRestriction.js"
import type { ModeLookup } from "../modes/modeLookup.js"
import type { SandboxPolicy } from "../sandbox/sandboxPolicy.js"
import type { TodoListKeeper } from "../todos/taskTodos.js"
import type { CairnIgnore } from "../workspace/ignoreRules.js"
import type { CodebaseSearch } from "../codebase-index/codebaseIndex.js"
import type { ImageBlock, TextBlock } from "../providers/apiMessage.js"
import type { TaskBrowser } from "../browser/taskBrowser.js"
import type { TaskCommands } from "../commands/taskCommands.js"

/**
 * What a tool wants to do, for the approval policy and for the person. The kind selects the
 * auto-approval switch; the flags select its stricter variants.
 */
export type ApprovalRequest =
	/** `credentialStore` ("~/.ssh"): the path's real place holds keys or tokens; a person always decides. */
	| { kind: "read"; row: ClineSayTool; isOutsideWorkspace: boolean; credentialStore?: string }
	/** `absolutePath`: the one file the edit changes. */
	| {
			kind: "write"
			row: ClineSayTool
			absolutePath: string
			isOutsideWorkspace: boolean
			isProtected: boolean
	  }
	/** `folder` is the absolute folder the command runs in. */
	| { kind: "execute"; command: ClineAskCommand; folder: string }
	/** `alwaysAllowed`: the server's config lets this tool run without asking (its `alwaysAllow`). */
	| { kind: "mcp"; request: ClineAskUseMcpServer; alwaysAllowed: boolean }
	/** Opening the task's browser at `url` (the `browser_action_launch` ask); its later actions do not ask. */
	| { kind: "browser"; url: string }
	/** The agent's own course: a mode switch (`switchMode` row) or a subtask (`newTask` row). */
	| { kind: "mode"; row: ModeRequestRow }

export type ModeRequestRow = Extract<ClineSayTool, { tool: "switchMode" | "newTask" }>

export type ApprovalOutcome =
	| {
			approved: true
			/** No person approved: the settings did. */
			automatic: boolean
			/** Run the command in this OS sandbox (an automatic approval of a command, sandbox on). */
			sandbox?: SandboxPolicy
			feedback?: PersonFeedback
	  }
	| { approved: false; feedback?: PersonFeedback }

/** Text (and images) the person typed along with their answer. */
export interface PersonFeedback {
	text?: string
	images?: string[]
}

export interface ToolContext {
	readonly host: Host
	readonly settings: CairnSettings
	readonly ignore: CairnIgnore
	/** Aborted when the task is cancelled or the person kills the running command; stop promptly. */
	readonly signal: AbortSignal
	/**
	 * Aborted when the person chooses "Proceed While Running": a command tool returns the output
	 * it has so far and lets the process run on. Absent where no one can make that choice.
	 */
	readonly proceedSignal?: AbortSignal
	/** Asks the approval policy (and, unless auto-approved, the person). */
	approve(request: ApprovalRequest): Promise<ApprovalOutcome>
	/** Asks the person a question and waits for the answer. */
	askFollowup(question: ClineAskFollowup): Promise<PersonFeedback>
	/** Streams a running command's output to the transcript (a `command_output` row). */
	commandOutput(chunk: string): void
	/** Shows how the command ended (exit code, signal, stopped) on the command's row. */
	commandEnded(exit: CommandExitInfo): void
	/** Shows what the person changed in a proposal before saving it (a `user_feedback_diff` row). */
	showUserEdits(row: ClineSayTool): void
	/**
	 * Shows an MCP call's progress (`partial`, each replacing the last) and then its result in one
	 * `mcp_server_response` row.
	 */
	showMcpResponse(text: string, partial: boolean): void
	/** The model takes images (tool results may carry them); otherwise they are described in words. */
	readonly modelTakesImages: boolean
	/** The task's intent governance (seed 004); absent where a tool runs without a task. */
	readonly intents?: IntentActivation
	/** Hears which file content the model now knows (a read, a saved edit); absent without a task. */
	readonly fileContext?: FileContextRecorder
	/** The workspace's semantic index (codebase_search); absent where there is none. */
	readonly codebaseSearch?: CodebaseSearch
	/** Shows what codebase_search found (a `codebase_search_result` row). */
	showSearchResults?(result: CodebaseSearchResult): void
	/** Shows a finished row for a call that needs no approval (it changes and reveals nothing). */
	showToolRow?(row: ClineSayTool): void
	/** The current mode lets the edit tools change only these files; absent when it limits none. */
	readonly editRestriction?: EditRestriction
	/**
	 * The current mode's name when it may not edit every file (no edit group, or a restricted one);
	 * absent when it may edit any. An MCP tool may change files whatever it says of itself.
	 */
	readonly modeMayNotEdit?: string
	/** Every mode the agent may name (switch_mode, new_task), custom ones included; absent without a task. */
	readonly modes?: ModeLookup
	/** The task's todo list; absent where a tool runs without a task. */
	readonly todos?: TodoListKeeper
	/** The task's mode, and switching it (switch_mode); absent where a tool runs without a task. */
	readonly taskMode?: TaskModeControl
	/** Runs a subtask and waits for its result (new_task); absent where no subtask can be started. */
	readonly subtasks?: SubtaskSpawner
	/** The task's browser session (browser_action); absent where a tool runs without a task. */
	readonly browser?: TaskBrowser
	/** The task's background commands and kept command logs; absent where a tool runs without a task. */
	readonly commands?: TaskCommands
	/** Shows a browser action (JSON of ClineSayBrowserAction) or its result (BrowserActionResult) as a row. */
	showBrowserRow?(say: "browser_action" | "browser_action_result", text: string): void
}

export interface TaskModeControl {
	readonly current: string
	switchTo(mode: string): void
}

/** What new_task asks for: the child's mode, its full instructions, and an optional checklist to start from. */
export interface SubtaskRequest {
	mode: string
	message: string
	/** A Markdown checklist (`- [ ] step` lines) the child's todo list starts from. */
	todos?: string
}

/** How a subtask ended, as its parent's tool result: its result, or why it has none. */
export interface SubtaskOutcome {
	childTaskId: string
	text: string
	/** The child did not complete (cancelled, ended, failed): the parent is told as an error. */
	isError: boolean
}

export interface SubtaskSpawner {
	spawn(request: SubtaskRequest): Promise<SubtaskOutcome>
}

/** Lets `select_active_intent` make an intent the task's active one. */
export interface IntentActivation {
	activate(
		intentId: string,
	): Promise<{ ok: true; intent: { id: string; name: string } } | { ok: false; error: string }>
}

export interface ToolResult {
	content: string | (TextBlock | ImageBlock)[]
	/** The tool failed or was refused: the model is told and ToolUsage counts a failure. */
	isError?: boolean
	/** `attempt_completion` was accepted: the task loop ends. */
	completesTask?: boolean
	/** The workspace-relative path the .cairnignore file blocked, for the transcript's notice. */
	blockedPath?: string
	/** How a command ended, for the agent trace; absent while it still runs. */
	commandExit?: CommandExit
}

/** A preview of a call whose arguments are still streaming, to update its row in place. */
export type ToolPreview =
	| { ask: "tool"; row: ClineSayTool }
	| { ask: "command"; command: ClineAskCommand }
	| { ask: "followup"; followup: ClineAskFollowup }
	| { say: "completion_result"; text: string }

/**
 * A tool the model can call. Core tools are named by ToolName; tools that come and go while
 * Cairn runs (an MCP server's) have names of their own (`Name` = string).
 */
export interface ToolDefinition<Params = unknown, Name extends string = ToolName> {
	name: Name
	/** For the model: when to use the tool and how. */
	description: string
	params: z.ZodType<Params>
	/** The JSON schema the model is given, when it is not `params`' own (an MCP server's schema, as it gave it). */
	inputSchema?: Record<string, unknown>
	/** The ToolName calls are counted under when `name` is not one (an MCP server's tool: use_mcp_tool). */
	countsAs?: ToolName
	/** From whatever arguments have arrived so far; undefined until there is something to show. */
	preview?(partial: Partial<Params>): ToolPreview | undefined
	execute(params: Params, context: ToolContext): Promise<ToolResult>
}
