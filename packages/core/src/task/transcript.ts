import type { ClineAsk, ClineMessage, ClineSay } from "@cairn/types"

export type TranscriptChange = {
	action: "created" | "updated"
	message: ClineMessage
	/**
	 * A passing version (a request's usage while its answer streams): shown, not journaled,
	 * because a later version of the same message will be.
	 */
	passing?: true
}

export interface MessageFields {
	text?: string
	images?: string[]
	reasoning?: string
	progressStatus?: ClineMessage["progressStatus"]
	checkpoint?: ClineMessage["checkpoint"]
	problem?: ClineMessage["problem"]
	notice?: ClineMessage["notice"]
}

/**
 * The task's UI messages with seed 003's partial semantics: a partial message of the same kind
 * as the last one updates it in place (same `ts`), a final one completes it. Every change is
 * reported once, with the message as it now is.
 */
export class Transcript {
	private readonly messages: ClineMessage[] = []
	private lastTs = 0

	constructor(
		private readonly onChange: (change: TranscriptChange) => void,
		initial: readonly ClineMessage[] = [],
		/**
		 * Marks each of the person's feedback rows with where it enters the API history, so the
		 * person can later edit or delete it (the task is rewound to that point).
		 */
		private readonly personMark?: () => ClineMessage["checkpoint"],
	) {
		this.messages.push(...initial)
		this.lastTs = initial.at(-1)?.ts ?? 0
	}

	get all(): readonly ClineMessage[] {
		return this.messages
	}

	get last(): ClineMessage | undefined {
		return this.messages.at(-1)
	}

	/** Timestamps identify messages, so they must be unique and increasing even within a millisecond. */
	private nextTs(): number {
		this.lastTs = Math.max(Date.now(), this.lastTs + 1)
		return this.lastTs
	}

	say(say: ClineSay, fields: MessageFields = {}, partial?: boolean): ClineMessage {
		return this.put({ type: "say", say }, fields, partial)
	}

	ask(ask: ClineAsk, fields: MessageFields = {}, partial?: boolean): ClineMessage {
		return this.put({ type: "ask", ask }, fields, partial)
	}

	/** Adds a new message, never continuing the last one (rows whose later updates go by ts). */
	append(
		kind: Pick<ClineMessage, "type" | "ask" | "say">,
		fields: MessageFields = {},
		partial?: boolean,
	): ClineMessage {
		const message: ClineMessage = {
			ts: this.nextTs(),
			...kind,
			...(kind.say === "user_feedback" && this.personMark && { checkpoint: this.personMark() }),
			...fields,
			...(partial && { partial: true }),
		}
		this.messages.push(message)
		this.onChange({ action: "created", message })
		return message
	}

	/** Replaces fields of an existing message (e.g. an api_req_started row gets its cost). */
	update(ts: number, fields: Partial<ClineMessage>): ClineMessage | undefined {
		return this.replace(ts, fields, false)
	}

	/**
	 * Like `update`, for a passing version that a later update will supersede: the clients see it,
	 * the journal does not, so a value that moves often costs one line when it settles, not one
	 * per move. A crash shows the message as last updated.
	 */
	showPassing(ts: number, fields: Partial<ClineMessage>): ClineMessage | undefined {
		return this.replace(ts, fields, true)
	}

	/** Marks a message that was left partial (by a cancel or a failure) as final. */
	finalizePartial(): void {
		const last = this.last
		if (last?.partial) this.update(last.ts, { partial: false })
	}

	private put(
		kind: Pick<ClineMessage, "type" | "ask" | "say">,
		fields: MessageFields,
		partial?: boolean,
	): ClineMessage {
		const last = this.last
		const continues =
			last?.partial === true &&
			last.type === kind.type &&
			last.ask === kind.ask &&
			last.say === kind.say
		if (continues && partial !== undefined) {
			return this.update(last.ts, { ...fields, partial }) as ClineMessage
		}
		return this.append(kind, fields, partial)
	}

	private replace(ts: number, fields: Partial<ClineMessage>, passing: boolean): ClineMessage | undefined {
		const index = this.indexOf(ts)
		const current = this.messages[index]
		if (current === undefined) return undefined
		const next = { ...current, ...fields }
		this.messages[index] = next
		this.onChange({ action: "updated", message: next, ...(passing && { passing: true as const }) })
		return next
	}

	private indexOf(ts: number): number {
		// Updates almost always target one of the last few messages.
		for (let i = this.messages.length - 1; i >= 0; i--) if (this.messages[i]?.ts === ts) return i
		return -1
	}
}
