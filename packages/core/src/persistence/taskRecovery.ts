import type { ClineMessage, HistoryItem } from "@cairn/types"
import type { ReadJsonResult } from "./atomicFile.js"
import type { DamagedLine } from "./jsonlJournal.js"
import type { TaskMetadata } from "./taskMetadata.js"

/** Damage found while opening a task, and worked around. */
export interface TaskProblem {
	file: string
	/** Counted from 1, for a damaged journal line. */
	line?: number
	error: string
}

export function problemsOfLoad(
	file: string,
	load: { damagedLines: DamagedLine[]; tornTail: boolean; problems?: string[] },
): TaskProblem[] {
	const problems: TaskProblem[] = load.damagedLines.map(({ line, error }) => ({
		file,
		line,
		error: `skipped a damaged line: ${error}`,
	}))
	if (load.tornTail)
		problems.push({ file, error: "the last line was cut off (a crash mid-write) and was ignored" })
	for (const error of load.problems ?? []) problems.push({ file, error })
	return problems
}

/**
 * Metadata for a task whose metadata file cannot be read, so the task still opens: the
 * history index's copy when it has one, else what the first message says (the task's text is
 * the first row of its transcript). Saving the task's metadata later writes it back.
 */
export function recoverMetadata(
	taskId: string,
	failure: Extract<ReadJsonResult<unknown>, { ok: false }>,
	indexed: HistoryItem | undefined,
	messages: readonly ClineMessage[],
): { metadata: TaskMetadata; problem: string } {
	const why = `the metadata is ${failure.reason} (${failure.error})`
	if (indexed !== undefined)
		return {
			metadata: { ...indexed, id: taskId, version: 1, createdAt: indexed.ts, updatedAt: indexed.ts },
			problem: `${why}; using the history index's copy`,
		}
	const first = messages[0]
	const ts = first?.ts ?? Date.now()
	return {
		metadata: {
			id: taskId,
			ts: messages.at(-1)?.ts ?? ts,
			task: first?.text ?? "",
			tokensIn: 0,
			tokensOut: 0,
			totalCost: 0,
			version: 1,
			createdAt: ts,
			updatedAt: ts,
			lastMessageTs: messages.at(-1)?.ts,
		},
		problem: `${why}; rebuilt from the messages without token counts or cost`,
	}
}

/**
 * The first message of a task whose transcript is empty: the process was killed after the task
 * was created and before its text was journaled, so the model was never asked (a task's first
 * request waits for that message). Rebuilt from the title, which is the task's text unless a
 * slash command started it (then it is the command as typed); images, if any, are lost.
 * Undefined when there is no title to rebuild it from.
 */
export function recoverFirstMessage(
	metadata: TaskMetadata,
): { message: ClineMessage; problem: string } | undefined {
	if (metadata.task.trim() === "") return undefined
	return {
		message: {
			ts: metadata.createdAt,
			type: "say",
			say: "text",
			text: metadata.task,
			checkpoint: { history: { messages: 0 } },
		},
		problem:
			"the task has no first message (killed right after it was created); rebuilt from the task's title",
	}
}
