import { z } from "zod"
import { problemSchema } from "./problem.js"

// The JSON carried in `text` by asks and says other than tool rows and API requests.

/** `followup` ask: a question with answers the person can pick (each may switch mode). */
export const clineAskFollowupSchema = z.object({
	question: z.string(),
	suggest: z.array(z.object({ answer: z.string(), mode: z.string().optional() })).default([]),
})
export type ClineAskFollowup = z.infer<typeof clineAskFollowupSchema>

/**
 * `command` ask: the command line and why it needs a person. `deniedBy` names the denied
 * command that matched: such a command is never auto-approved. `reason` says why auto-approval
 * did not run it; `protectedPath` names a protected file it touches; `ignoredPath` a file the
 * ignore file blocks that it names or reads (never approved unseen). `sandboxFailure` says why
 * the command, run automatically in the OS sandbox, failed there: approving runs it unsandboxed.
 * `allowRules` are the narrowest allowed-command rules that would have let it run unasked, offered
 * as "Always allow" (absent when no rule short of `*` would, or the allowed commands are not in
 * effect); the host works them out again before it saves any (see `alwaysAllowCommand`).
 * `background`: the command is to run on in the background while the task goes on.
 */
export const clineAskCommandSchema = z.object({
	command: z.string(),
	cwd: z.string().optional(),
	isOutsideWorkspace: z.boolean().optional(),
	deniedBy: z.string().optional(),
	reason: z.string().optional(),
	protectedPath: z.string().optional(),
	ignoredPath: z.string().optional(),
	sandboxFailure: z.string().optional(),
	allowRules: z.array(z.string()).optional(),
	background: z.boolean().optional(),
})
export type ClineAskCommand = z.infer<typeof clineAskCommandSchema>

/** `use_mcp_server` ask: an MCP tool call or resource read. */
export const clineAskUseMcpServerSchema = z.discriminatedUnion("type", [
	z.object({
		type: z.literal("use_mcp_tool"),
		serverName: z.string(),
		toolName: z.string(),
		arguments: z.string().optional(),
		response: z.string().optional(),
		/**
		 * The name of the task's mode when it may not edit every file: the tool may change files
		 * all the same (what a server says of its tools is its own word), so a person decides.
		 */
		modeMayNotEdit: z.string().optional(),
	}),
	z.object({
		type: z.literal("access_mcp_resource"),
		serverName: z.string(),
		uri: z.string(),
		response: z.string().optional(),
	}),
])
export type ClineAskUseMcpServer = z.infer<typeof clineAskUseMcpServerSchema>

/** `auto_approval_max_req_reached` ask: which auto-approval limit was hit. */
export const autoApprovalLimitSchema = z.discriminatedUnion("limit", [
	z.object({ limit: z.literal("requests"), count: z.number().int().nonnegative() }),
	z.object({ limit: z.literal("cost"), cost: z.number().nonnegative() }),
])
export type AutoApprovalLimit = z.infer<typeof autoApprovalLimitSchema>

/** `api_req_retry_delayed` say: the client renders its own countdown from this. */
export const apiRetryDelaySchema = z.object({
	attempt: z.number().int().positive(),
	maxAttempts: z.number().int().positive(),
	delayMs: z.number().int().nonnegative(),
	/** The latest attempt's error, in English. Gone once the request failed: its ask says why. */
	error: z.string().optional(),
	/** The same error as a kind and parameters, for clients to word in the person's language. */
	problem: problemSchema.optional(),
	status: z.number().int().optional(),
	/**
	 * When this attempt's wait began (ms since the epoch): the row is updated for each retry and
	 * keeps the first one's ts, so the countdown starts here.
	 */
	waitStartedAt: z.number().int().nonnegative().optional(),
	/** How the retried request ended, once it has: the row stops counting down. */
	result: z.enum(["succeeded", "failed", "cancelled"]).optional(),
})
export type ApiRetryDelay = z.infer<typeof apiRetryDelaySchema>
