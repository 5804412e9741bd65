import type { DispatchOutcome } from "../assistant-message/dispatchToolUse.js"
import { responses } from "../prompts/responses.js"
import type { ToolResultBlock } from "../providers/apiMessage.js"
import type { Transcript } from "./transcript.js"

/**
 * Shows why a call failed: the path .cairnignore blocked, or the error. A hook that blocked the
 * call has already shown why. A preview row the call never turned into an ask (`stalePreviewTs`)
 * becomes the row, so the chat does not keep a half-streamed call. The row that showed the call
 * approved (`decidedTs`) is marked failed, so it does not read as a success.
 */
export function showFailedCall(
	transcript: Transcript,
	outcome: DispatchOutcome,
	toolName: string,
	rows: { stalePreviewTs?: number | undefined; decidedTs?: number | undefined },
): void {
	const { stalePreviewTs, decidedTs } = rows
	if (decidedTs !== undefined && !outcome.rejected) transcript.update(decidedTs, { outcome: "failed" })
	if (outcome.reported) return
	const row =
		outcome.blockedPath !== undefined
			? { say: "rooignore_error" as const, text: outcome.blockedPath }
			: { say: "error" as const, text: outcome.error ?? `${toolName} failed` }
	if (stalePreviewTs !== undefined)
		transcript.update(stalePreviewTs, { type: "say", ask: undefined, ...row, partial: false })
	else transcript.say(row.say, { text: row.text })
}

/** The result of a call the turn did not run, for the model: why it was skipped. */
export function skippedResult(toolUseId: string, reason: string): ToolResultBlock {
	return {
		type: "tool_result",
		toolUseId,
		content: [{ type: "text", text: responses.toolSkipped(reason) }],
		isError: true,
	}
}

/**
 * Shows attempt_completion's result: in the preview row that streamed the call when there is one
 * (so the chat does not show the result twice), else in a row of its own.
 */
export function showCompletion(transcript: Transcript, result: ToolResultBlock, previewTs?: number): void {
	const text = result.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n")
	if (previewTs === undefined) transcript.say("completion_result", { text })
	else
		transcript.update(previewTs, {
			type: "say",
			say: "completion_result",
			ask: undefined,
			text,
			partial: false,
		})
}
