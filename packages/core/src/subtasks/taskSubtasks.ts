import { lastStateMessage } from "@cairn/types"
import type { ToolResultBlock, UserBlock } from "../providers/apiMessage.js"
import type { ApiHistory } from "../task/apiHistory.js"
import type { Task } from "../task/Task.js"
import type { Transcript } from "../task/transcript.js"
import type { SubtaskOutcome, SubtaskRequest, SubtaskSpawner } from "../tools/toolDefinition.js"

/** What a Task needs to start subtasks: a spawner for one of its new_task calls. */
export interface TaskSubtasks {
	forCall(parent: Task, toolUseId: string, signal: AbortSignal): SubtaskSpawner
}

/** A subtask's outcome for the new_task call that waited for it (a parent reopened after a restart). */
export interface ReturnedSubtask {
	toolUseId: string
	outcome: SubtaskOutcome
}

/**
 * The parent's row while it waits: it started a subtask. Shown only where the person approved the
 * call, since the answered ask would otherwise stay its last row and offer Approve again; an
 * automatic approval has already shown this row.
 */
export function showSubtaskStarted(transcript: Transcript, request: SubtaskRequest): void {
	if (lastStateMessage(transcript.all)?.type !== "ask") return
	transcript.say("tool", {
		text: JSON.stringify({ tool: "newTask", mode: request.mode, content: request.message }),
	})
}

/** The parent's `subtask_result` row: the child's result, or why it has none. */
export function showSubtaskResult(transcript: Transcript, outcome: SubtaskOutcome): void {
	transcript.say("subtask_result", { text: outcome.text })
}

/**
 * What a parent reopened from disk goes on with: the tool_result of its waiting new_task call
 * (and the row showing it). A call the history already answers (a crash after the answer was
 * saved) is not answered twice; the model is only told the result again.
 */
export function returnedResultBlocks(
	history: ApiHistory,
	transcript: Transcript,
	returned: ReturnedSubtask,
): UserBlock[] {
	const text = returned.outcome.text
	if (!history.danglingToolUses().some((use) => use.id === returned.toolUseId))
		return [{ type: "text", text: `The subtask ${returned.outcome.childTaskId} ended:\n${text}` }]
	showSubtaskResult(transcript, returned.outcome)
	const result: ToolResultBlock = {
		type: "tool_result",
		toolUseId: returned.toolUseId,
		content: [{ type: "text", text }],
		...(returned.outcome.isError && { isError: true }),
	}
	return [result]
}
