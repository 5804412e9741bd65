import { z } from "zod"
import { safeParseJson, type ParseResult } from "@cairn/types"

const requestId = z.string().min(1).max(200)
const prompt = z.string().min(1).max(1_000_000)

/**
 * The NDJSON commands of --stdin-prompt-stream, one object per line, told apart by `command`.
 * Unknown fields are ignored, so newer clients can send more than this version reads.
 */
export const stdinCommandSchema = z.discriminatedUnion("command", [
	/** Start a task, or continue the stored task `taskId` with `prompt`. */
	z.object({
		command: z.literal("start"),
		requestId,
		prompt,
		taskId: z.string().min(1).max(200).optional(),
	}),
	/** Answer the pending ask (approval: y / n / feedback; question: the answer), else queue it. */
	z.object({ command: z.literal("message"), requestId, prompt }),
	/** Stop the running task; it stays resumable. */
	z.object({ command: z.literal("cancel"), requestId }),
	z.object({ command: z.literal("ping"), requestId }),
	/** Stop the running task (saved), answer, and exit 0. */
	z.object({ command: z.literal("shutdown"), requestId }),
])
export type StdinCommand = z.infer<typeof stdinCommandSchema>
export type StdinCommandName = StdinCommand["command"]

export const stdinCommandNames: readonly StdinCommandName[] = stdinCommandSchema.options.map(
	(option) => option.shape.command.value,
)

/** Reads one line; a bad one comes back as an error naming the problem (and its requestId, if any). */
export function parseStdinCommand(line: string): ParseResult<StdinCommand> & { requestId?: string } {
	const parsed = safeParseJson(stdinCommandSchema, line)
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
