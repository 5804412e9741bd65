import {
	lastPage,
	type ClineMessage,
	type ExtensionMessage,
	type ExtensionState,
	type TaskTotals,
} from "@cairn/types"
import { TaskSummaryTracker } from "./paging/taskSummaryTracker.js"

/** Partial (streaming) and passing updates of a message are sent at most this often; the latest wins. */
export const partialUpdateIntervalMs = 33

/**
 * Turns a task's message changes into `messageUpdated` deltas with a gap-free `seq`. Streaming
 * updates are coalesced so a fast model costs ~30 small posts a second, not one per token;
 * a final update is never delayed, and flushes anything pending first to keep order. A delta
 * that changed the task's summary carries the new one.
 */
export class DeltaStream {
	private seq = 0
	private readonly pending = new Map<number, ClineMessage>()
	private timer: NodeJS.Timeout | undefined

	/** `summary`: the task's, kept current by every message pushed; absent, deltas carry none. */
	constructor(
		readonly taskId: string,
		private readonly send: (message: ExtensionMessage) => void,
		private readonly summary?: TaskSummaryTracker,
	) {}

	/** The deltas of `task`, each carrying its summary when it changed. */
	static ofTask(
		task: { taskId: string; messages: readonly ClineMessage[]; ledger: { totals: TaskTotals } },
		send: (message: ExtensionMessage) => void,
	): DeltaStream {
		const summary = new TaskSummaryTracker(
			() => task.messages,
			() => task.ledger.totals,
		)
		return new DeltaStream(task.taskId, send, summary)
	}

	/**
	 * What a snapshot shows of the task: its newest page and its summary. Unsent partial updates
	 * are dropped: the snapshot contains them.
	 */
	opening(
		messages: readonly ClineMessage[],
	): Pick<ExtensionState, "clineMessages" | "olderMessages"> & Partial<Pick<ExtensionState, "summary">> {
		this.discardPending()
		const page = lastPage(messages)
		return {
			clineMessages: page.messages,
			olderMessages: page.olderMessages,
			...(this.summary && { summary: this.summary.takeCurrent() }),
		}
	}

	/** The seq of the last delta sent: a snapshot taken now contains everything up to it. */
	get lastSeq(): number {
		return this.seq
	}

	/**
	 * `passing`: a version that a later one of the same message supersedes (a request's usage while
	 * its answer streams), coalesced as a streaming update is: sent alone, each one flushed the
	 * other rows' pending updates, and a streamed turn cost the client a dozen messages.
	 */
	push(message: ClineMessage, passing = false): void {
		this.summary?.observe(message)
		if (message.partial === true || passing) {
			this.pending.delete(message.ts)
			this.pending.set(message.ts, message)
			this.timer ??= setTimeout(() => this.flush(), partialUpdateIntervalMs)
			return
		}
		this.pending.delete(message.ts)
		this.flush()
		this.emit(message)
	}

	flush(): void {
		clearTimeout(this.timer)
		this.timer = undefined
		const due = [...this.pending.values()]
		this.pending.clear()
		for (const message of due) this.emit(message)
	}

	/** Forgets unsent partial updates: a full snapshot is about to replace them. */
	discardPending(): void {
		clearTimeout(this.timer)
		this.timer = undefined
		this.pending.clear()
	}

	private emit(message: ClineMessage): void {
		this.seq++
		const summary = this.summary?.takeChange()
		this.send({
			type: "messageUpdated",
			taskId: this.taskId,
			seq: this.seq,
			message,
			...(summary && { summary }),
		})
	}
}
