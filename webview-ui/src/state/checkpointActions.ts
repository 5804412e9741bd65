import { postToHost } from "../vscode"

// What the checkpoint rows and the person's own messages send; the host stops the task, does
// it, and opens the task again, so the chat follows from the deltas and state it sends.

export function restoreCheckpoint(ts: number, mode: "files" | "filesAndTask"): void {
	postToHost({ type: "checkpointRestore", ts, mode })
}

export function viewCheckpointChanges(ts: number, since: "checkpoint" | "task"): void {
	postToHost({ type: "checkpointDiff", ts, since })
}

export function deleteMessage(ts: number, restoreFiles: boolean): void {
	postToHost({ type: "deleteMessage", ts, restoreFiles })
}

export function editMessage(ts: number, text: string, restoreFiles: boolean, images?: string[]): void {
	postToHost({
		type: "editMessage",
		ts,
		text,
		restoreFiles,
		...(images && images.length > 0 && { images }),
	})
}
