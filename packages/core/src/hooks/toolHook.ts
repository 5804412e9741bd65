import type { ClineSayHook, ClineSayTool } from "@cairn/types"
import type { PersonFeedback, ToolResult } from "../tools/toolDefinition.js"

/** One well-formed tool call as hooks see it: a known tool with validated arguments. */
export interface ToolCall {
	/** The tool_use id. */
	readonly id: string
	readonly name: string
	readonly input: Readonly<Record<string, unknown>>
}

/** How a call that started ended, for what runs after it. */
export interface ToolRunOutcome {
	/** Undefined when the tool threw or the task was cancelled while it ran. */
	result?: ToolResult
	/** The person turned down the tool's own approval: it changed nothing. */
	rejected: boolean
	/** The task was cancelled while the tool ran. */
	cancelled: boolean
}

/** Text a hook adds to the model's context; the chat shows it as a `hook` row. */
export interface InjectedContext {
	text: string
	/** The context comes with selecting this intent (ContextInjectorHook). */
	intentId?: string
	intentName?: string
}

/** Why a hook stopped a call. */
export interface HookBlock {
	/** One sentence for the person. */
	reason: string
	/** What the model gets as the tool_result error, as JSON. */
	error: Readonly<Record<string, unknown>>
	/** The person said no to this call (the turn's other calls are skipped, as for any rejection). */
	byPerson?: boolean
	intentId?: string
	path?: string
}

/** Runs after the tool, with its outcome; may add context to the result. */
export type AfterTool = (outcome: ToolRunOutcome) => Promise<InjectedContext | undefined>

export type PreToolVerdict =
	| { block: HookBlock }
	| {
			block?: undefined
			context?: InjectedContext
			/** The hook's post-tool part, holding whatever it saw before the tool ran. */
			after?: AfterTool
	  }

/** What a hook may do during one call besides deciding. */
export interface HookRun {
	readonly taskId: string
	readonly modelId: string
	/** Aborted when the task is cancelled: stop promptly. */
	readonly signal: AbortSignal
	/** Asks the person to approve something with a `tool` ask (Approve / Reject). */
	ask(row: ClineSayTool): Promise<{ approved: boolean; feedback?: PersonFeedback }>
	/** Shows a `hook` row. */
	show(row: ClineSayHook): void
}

/**
 * A hook around tool dispatch. `before` runs for every well-formed call, before the tool: it
 * may block it, add context, and return its post-tool part.
 */
export interface ToolHook {
	/** Names the hook in the chat: a built-in hook's name, or a user hook's command. */
	readonly name: string
	before(call: ToolCall, run: HookRun): Promise<PreToolVerdict>
}
