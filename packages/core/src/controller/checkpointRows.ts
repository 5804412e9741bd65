import type { CheckpointRows } from "../checkpoints/taskCheckpoints.js"
import type { Task } from "../task/Task.js"

/**
 * A task's checkpoint rows in its transcript. A save that ends after the task was stopped
 * writes nothing: the task may be being rewound on disk by then.
 */
export function checkpointRows(task: () => Task | undefined): CheckpointRows {
	const live = () => {
		const current = task()
		return current?.state === "abandoned" ? undefined : current
	}
	return {
		reserve: () => task()?.transcript.say("checkpoint_saved", {}, true).ts ?? 0,
		saved(checkpoint, ts) {
			const fields = { text: checkpoint.commit, checkpoint }
			const transcript = live()?.transcript
			if (ts !== undefined) transcript?.update(ts, { ...fields, partial: false })
			else transcript?.say("checkpoint_saved", fields)
		},
		unavailable(reason, ts) {
			const text = `Checkpoints are off for this task, so its changes cannot be undone from Cairn: ${reason}`
			const transcript = live()?.transcript
			if (ts !== undefined) transcript?.update(ts, { say: "checkpoint_error", text, partial: false })
			else transcript?.say("checkpoint_error", { text })
		},
	}
}
