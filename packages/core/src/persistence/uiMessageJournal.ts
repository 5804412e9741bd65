import { type ClineMessage, clineMessageSchema, safeParse } from "@cairn/types"
import { z } from "zod"
import {
	type CompactionOutcome,
	type CompactionPolicy,
	compactJournal,
	defaultCompactionPolicy,
	shouldCompact,
} from "./compaction.js"
import { type DamagedLine, JsonlJournal } from "./jsonlJournal.js"

export const uiMessagesFileName = "ui_messages.jsonl"

/**
 * A rewind of the task: every message from `before` on is dropped (the dropped ones are kept in
 * the task's `rewound/<id>.json`). Messages journaled after the record are kept.
 */
export interface UiRewind {
	rewind: { id: string; before: number }
}

type UiRecord = ClineMessage | UiRewind

const uiRewindSchema = z.object({ rewind: z.object({ id: z.string().min(1), before: z.number() }) })

function parseUiRecord(value: unknown) {
	if (typeof value === "object" && value !== null && "rewind" in value)
		return safeParse(uiRewindSchema, value)
	return safeParse(clineMessageSchema, value)
}

export interface UiMessagesLoad {
	/** One per `ts`, its last journaled version, in `ts` order. */
	messages: ClineMessage[]
	/** The ids of the rewinds the journal records, in order. */
	rewinds: string[]
	/** Lines that are not JSON or not a valid ClineMessage; skipped. */
	damagedLines: DamagedLine[]
	tornTail: boolean
}

export interface UiMessageJournalOptions {
	durable?: boolean
	compaction?: CompactionPolicy
	/** The file was just created: the journal can count records from zero without loading it. */
	isNew?: boolean
}

/** Last record per `ts` wins, and a rewind drops what came before it from its `before` on; the result is in `ts` order. */
export function foldUiMessages(records: readonly UiRecord[]): ClineMessage[] {
	return foldUiRecords(records).messages
}

function foldUiRecords(records: readonly UiRecord[]): { messages: ClineMessage[]; rewinds: string[] } {
	const byTs = new Map<number, ClineMessage>()
	const rewinds: string[] = []
	for (const record of records) {
		if ("rewind" in record) {
			rewinds.push(record.rewind.id)
			for (const ts of byTs.keys()) if (ts >= record.rewind.before) byTs.delete(ts)
		} else byTs.set(record.ts, record)
	}
	return { messages: [...byTs.values()].sort((a, b) => a.ts - b.ts), rewinds }
}

/**
 * A task's UI messages, journaled when final. The caller journals a message once it stops
 * streaming, and again whenever it changes later (a request row getting its cost): each
 * change is one appended line, and loading keeps the last version of each `ts`. Partial
 * messages are never journaled, so a crash loses at most the message being streamed.
 */
export class UiMessageJournal {
	private readonly journal: JsonlJournal<UiRecord>
	private readonly policy: CompactionPolicy
	/** Record count and live timestamps, known once loaded (or created empty); drives compaction. */
	private stats: { records: number; live: Set<number> } | undefined
	private appends = 0

	constructor(
		readonly file: string,
		options: UiMessageJournalOptions = {},
	) {
		this.journal = new JsonlJournal<UiRecord>(file, parseUiRecord, options)
		this.policy = options.compaction ?? defaultCompactionPolicy
		if (options.isNew) this.stats = { records: 0, live: new Set() }
	}

	/**
	 * Journals a final message. Throws at once, writing nothing, for a partial message or one
	 * that is not a valid ClineMessage: both are bugs in the caller, not conditions to recover from.
	 */
	append(message: ClineMessage): Promise<void> {
		if (message.partial === true)
			throw new Error(`message ${message.ts} is partial; only final messages are journaled`)
		const parsed = safeParse(clineMessageSchema, message)
		if (!parsed.success)
			throw new Error(`message ${message.ts} is not a valid ClineMessage: ${parsed.error}`)
		const written = this.journal.append(parsed.data)
		this.appends++
		if (this.stats !== undefined) {
			this.stats.records++
			this.stats.live.add(message.ts)
		}
		return written.catch((error: unknown) => {
			// What reached the disk is uncertain now; the next load counts again.
			this.stats = undefined
			throw error
		})
	}

	/** Journals a rewind of the task (see UiRewind). */
	appendRewind(rewind: UiRewind["rewind"]): Promise<void> {
		const written = this.journal.append({ rewind })
		this.appends++
		// Which messages are live is only known again after the next load.
		this.stats = undefined
		return written
	}

	async load(): Promise<UiMessagesLoad> {
		const appendsBefore = this.appends
		const { records, damagedLines, tornTail } = await this.journal.load()
		const { messages, rewinds } = foldUiRecords(records)
		// Counts taken while an append was queued would be behind the file.
		if (this.appends === appendsBefore)
			this.stats = { records: records.length, live: new Set(messages.map((m) => m.ts)) }
		return { messages, rewinds, damagedLines, tornTail }
	}

	/** Rewrites the journal with only the latest version of each message when most records are stale. */
	async compactIfWorthwhile(): Promise<CompactionOutcome> {
		const stats = this.stats
		if (stats === undefined) return { compacted: false, reason: "the journal has not been loaded" }
		if (!shouldCompact({ records: stats.records, live: stats.live.size }, this.policy))
			return { compacted: false, reason: "not enough superseded records" }
		const outcome = await compactJournal(this.journal, foldUiMessages, this.policy)
		// Appends queued behind the rewrite have been counted already, so subtract rather than assign.
		if (outcome.compacted && this.stats !== undefined)
			this.stats.records -= outcome.recordsBefore - outcome.recordsAfter
		return outcome
	}

	/** Resolves once the appends made so far are written. */
	settled(): Promise<void> {
		return this.journal.settled()
	}

	close(): Promise<void> {
		return this.journal.close()
	}
}
