import { z } from "zod"
import {
	cairnConfigurationPatchSchema,
	gitRefSchema,
	safeParseJson,
	taskIdSchema,
	worktreeNameSchema,
	type ParseResult,
} from "@cairn/types"

const requestId = z.string().min(1).max(200)
const prompt = z.string().min(1).max(1_000_000)

/**
 * The NDJSON commands a program drives Cairn with, one object per line, told apart by `command`:
 * the CLI's --stdin-prompt-stream and the extension's IPC socket read the same ones. Unknown
 * fields are ignored, so newer clients can send more than this version reads.
 */
export const streamCommandSchema = z.discriminatedUnion("command", [
	/** Start a task, or continue the stored task `taskId` with `prompt`. */
	z.object({
		command: z.literal("start"),
		requestId,
		prompt,
		taskId: z.string().min(1).max(200).optional(),
	}),
	/** Answer the pending ask (approval: y / n / feedback; question: the answer), else queue it. */
	z.object({ command: z.literal("message"), requestId, prompt }),
	/** Condense the current task's context now (one summarization request), as the task header's button does. */
	z.object({ command: z.literal("condense"), requestId }),
	/** Stop the running task; it stays resumable. */
	z.object({ command: z.literal("cancel"), requestId }),
	z.object({ command: z.literal("ping"), requestId }),
	/** Stop the running task (saved), answer, and end the session. */
	z.object({ command: z.literal("shutdown"), requestId }),
	/** Press the chat's primary / secondary button for the current ask, as the webview's buttons do. */
	z.object({ command: z.literal("pressPrimaryButton"), requestId }),
	z.object({ command: z.literal("pressSecondaryButton"), requestId }),
	/** The settings (never the API keys). */
	z.object({ command: z.literal("getConfiguration"), requestId }),
	/** Change any settings, and optionally store the API key of the provider they leave configured. */
	z.object({
		command: z.literal("setConfiguration"),
		requestId,
		configuration: cairnConfigurationPatchSchema,
	}),
	/**
	 * Start a task in a new git worktree of the workspace, beside the chat's task (as the board
	 * does); `done` carries its card. It is followed through `listTasks`, not this stream's events.
	 */
	z.object({
		command: z.literal("startInWorktree"),
		requestId,
		prompt,
		name: worktreeNameSchema.optional(),
		base: gitRefSchema.optional(),
		mode: z.string().min(1).max(100).optional(),
	}),
	/** The workspace's running and recent tasks as cards (those of other processes marked `elsewhere`). */
	z.object({ command: z.literal("listTasks"), requestId }),
	/** A worktree task's change against its base: its files and a unified patch. */
	z.object({ command: z.literal("taskDiff"), requestId, taskId: taskIdSchema }),
	/** Land a worktree task's work: merge, apply, or push it and open a pull request. */
	z.object({
		command: z.literal("landTask"),
		requestId,
		taskId: taskIdSchema,
		how: z.enum(["merge", "apply", "pullRequest"]),
	}),
	/**
	 * Remove a worktree task's worktree without landing. `done` says `needs_confirmation` with the
	 * `loss` when that would lose work; send again with `confirmedLoss` equal to it to confirm.
	 */
	z.object({
		command: z.literal("discardTask"),
		requestId,
		taskId: taskIdSchema,
		confirmedLoss: z.array(z.string().max(4096)).max(10_000).optional(),
	}),
])
export type StreamCommand = z.infer<typeof streamCommandSchema>
export type StreamCommandName = StreamCommand["command"]
export type StreamCommandOf<N extends StreamCommandName> = Extract<StreamCommand, { command: N }>

export const streamCommandNames: readonly StreamCommandName[] = streamCommandSchema.options.map(
	(option) => option.shape.command.value,
)

/** Reads one line; a bad one comes back as an error naming the problem (and its requestId, if any). */
export function parseStreamCommand(line: string): ParseResult<StreamCommand> & { requestId?: string } {
	const parsed = safeParseJson(streamCommandSchema, line)
	if (parsed.success) return parsed
	return { ...parsed, ...salvageRequestId(line) }
}

function salvageRequestId(line: string): { requestId?: string } {
	try {
		const value: unknown = JSON.parse(line)
		if (value !== null && typeof value === "object" && "requestId" in value) {
			const id = (value as { requestId: unknown }).requestId
			if (typeof id === "string" && id.length <= 200) return { requestId: id }
		}
	} catch {
		// Not JSON: there is no requestId to echo.
	}
	return {}
}
