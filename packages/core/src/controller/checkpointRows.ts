import type { CheckpointRows } from "../checkpoints/taskCheckpoints.js"
import type { HostText } from "../i18n/hostText.js"
import type { Task } from "../task/Task.js"

/**
 * A task's checkpoint rows in its transcript. A save that ends after the task was stopped
 * writes nothing: the task may be being rewound on disk by then. A row's sentence is in the
 * person's language when it is written (`text`: the language the settings say then).
 */
export function checkpointRows(task: () => Task | undefined, text: () => HostText): CheckpointRows {
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
			const said = text()("checkpoints.offForTask", { reason })
			const transcript = live()?.transcript
			if (ts !== undefined)
				transcript?.update(ts, { say: "checkpoint_error", text: said, partial: false })
			else transcript?.say("checkpoint_error", { text: said })
		},
	}
}
