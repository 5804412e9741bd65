import type { ClineAskResponse } from "@cairn/types"

export interface AskAnswer {
	response: ClineAskResponse
	text?: string
	images?: string[]
	/** A client's standing rule answered (the CLI's -y), not a person. */
	automatic?: boolean
}

/** The ask was replaced by a newer one, or the task was cancelled, before anyone answered. */
export class AskSettled extends Error {
	override readonly name = "AskSettled"
	constructor(readonly reason: "superseded" | "cancelled") {
		super(
			reason === "superseded" ? "a newer ask replaced this one" : "the task was cancelled while asking",
		)
	}
}

/**
 * The one pending question of a task. `wait` resolves the moment `answer` is called (no
 * polling); a newer ask or a cancel settles the older promise with AskSettled, so no caller
 * hangs forever.
 */
export class AskGate {
	private pending:
		{ ts: number; resolve: (answer: AskAnswer) => void; reject: (error: AskSettled) => void } | undefined
	private closed = false

	wait(ts: number): Promise<AskAnswer> {
		// An abandoned task's loop may still reach an ask on its way out; nobody will answer it.
		if (this.closed) return Promise.reject(new AskSettled("cancelled"))
		this.pending?.reject(new AskSettled("superseded"))
		return new Promise<AskAnswer>((resolve, reject) => {
			this.pending = { ts, resolve, reject }
		})
	}

	/** The ts of the ask waiting for an answer, if any. */
	get waitingTs(): number | undefined {
		return this.pending?.ts
	}

	/** Delivers an answer; false when nothing is waiting (a stale click). */
	answer(answer: AskAnswer): boolean {
		const pending = this.pending
		if (pending === undefined) return false
		this.pending = undefined
		pending.resolve(answer)
		return true
	}

	/** Cancels the waiting ask and every later one: the task has ended for good. */
	close(): void {
		this.closed = true
		this.cancel()
	}

	cancel(): void {
		const pending = this.pending
		this.pending = undefined
		pending?.reject(new AskSettled("cancelled"))
	}
}
