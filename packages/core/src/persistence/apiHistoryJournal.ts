import { type HistoryPoint, historyPointSchema, safeParse } from "@cairn/types"
import { z } from "zod"
import { type ContextView, fullView } from "../context/contextView.js"
import type { ApiMessage, UserBlock } from "../providers/apiMessage.js"
import { cutHistory } from "../task/historyPoint.js"
import {
	type CompactionOutcome,
	type CompactionPolicy,
	compactJournal,
	defaultCompactionPolicy,
	shouldCompact,
} from "./compaction.js"
import { type DamagedLine, JsonlJournal } from "./jsonlJournal.js"

export const apiHistoryFileName = "api_history.jsonl"

const textBlockSchema = z.object({ type: z.literal("text"), text: z.string() })
const imageBlockSchema = z.object({ type: z.literal("image"), mediaType: z.string(), data: z.string() })
const userBlockSchema = z.discriminatedUnion("type", [
	textBlockSchema,
	imageBlockSchema,
	z.object({
		type: z.literal("tool_result"),
		toolUseId: z.string(),
		content: z.array(z.discriminatedUnion("type", [textBlockSchema, imageBlockSchema])),
		isError: z.boolean().optional(),
	}),
])
const assistantBlockSchema = z.discriminatedUnion("type", [
	textBlockSchema,
	z.object({ type: z.literal("reasoning"), text: z.string(), signature: z.string().optional() }),
	z.object({ type: z.literal("tool_use"), id: z.string(), name: z.string(), input: z.unknown() }),
])
const apiMessageSchema = z.discriminatedUnion("role", [
	z.object({ role: z.literal("user"), content: z.array(userBlockSchema), ts: z.number().optional() }),
	z.object({
		role: z.literal("assistant"),
		content: z.array(assistantBlockSchema),
		ts: z.number().optional(),
	}),
])

const contextViewSchema = z.object({
	keepFrom: z.number().int().positive(),
	summary: z.string().optional(),
	omitted: z.number().int().nonnegative(),
})

/**
 * One line of the API-history journal. The history only ever grows at the end, except that
 * the user's turn after a cancel merges into the trailing user message (ApiHistory.pushUser);
 * `extendLastUser` records that merge without rewriting the line that holds the message.
 * `contextView` records what the model is sent from then on (after a condense or a
 * truncation); the messages themselves are never removed by it. `rewind` cuts the history back
 * to a point (the person rewound the task; what it removed is kept in `rewound/<id>.json`).
 */
export type ApiHistoryRecord =
	| { type: "append"; message: ApiMessage }
	| { type: "extendLastUser"; blocks: UserBlock[] }
	| { type: "contextView"; view: ContextView }
	| { type: "rewind"; id: string; to: HistoryPoint }

const apiHistoryRecordSchema = z.discriminatedUnion("type", [
	z.object({ type: z.literal("append"), message: apiMessageSchema }),
	z.object({ type: z.literal("extendLastUser"), blocks: z.array(userBlockSchema) }),
	z.object({ type: z.literal("contextView"), view: contextViewSchema }),
	z.object({ type: z.literal("rewind"), id: z.string().min(1), to: historyPointSchema }),
])

// Annotated so that a change to ApiMessage that the schema does not follow fails to compile.
const recordSchema: z.ZodType<ApiHistoryRecord> = apiHistoryRecordSchema

export interface ApiHistoryLoad {
	messages: ApiMessage[]
	view: ContextView
	/** The ids of the rewinds the journal records, in order. */
	rewinds: string[]
	damagedLines: DamagedLine[]
	tornTail: boolean
	/** Records that could not be applied as written (and how they were applied instead). */
	problems: string[]
}

/** Replays the records into the history they describe; `lines` (where each was read) name them in problems. */
export function foldApiHistory(
	records: readonly ApiHistoryRecord[],
	lines?: readonly number[],
): { messages: ApiMessage[]; view: ContextView; rewinds: string[]; problems: string[] } {
	let messages: ApiMessage[] = []
	const problems: string[] = []
	const rewinds: string[] = []
	let view = fullView
	records.forEach((record, index) => {
		if (record.type === "contextView") {
			view = record.view
			return
		}
		if (record.type === "rewind") {
			rewinds.push(record.id)
			messages = cutHistory(messages, record.to).kept
			// A view that starts past the cut no longer applies; the model is sent everything again.
			if (view.keepFrom > messages.length) view = fullView
			return
		}
		if (record.type === "append") {
			messages.push({ ...record.message, content: [...record.message.content] } as ApiMessage)
			return
		}
		const last = messages.at(-1)
		if (last?.role === "user") {
			last.content.push(...record.blocks)
			return
		}
		// Only possible when the record it extended was lost to a damaged line; keep the content anyway.
		const where = lines?.[index] !== undefined ? `line ${lines[index]}` : `record ${index + 1}`
		problems.push(`${where} extends a user message that is not there; kept as a new user message`)
		messages.push({ role: "user", content: [...record.blocks] })
	})
	return { messages, view, rewinds, problems }
}

/** How much of the history is journaled: enough to tell what a later state adds. */
interface Cursor {
	count: number
	lastRole: ApiMessage["role"] | undefined
	lastLength: number
	view: ContextView
}

function cursorOf(messages: readonly ApiMessage[], view: ContextView): Cursor {
	const last = messages.at(-1)
	return { count: messages.length, lastRole: last?.role, lastLength: last?.content.length ?? 0, view }
}

const sameView = (a: ContextView, b: ContextView): boolean =>
	a.keepFrom === b.keepFrom && a.summary === b.summary && a.omitted === b.omitted

/** The records that turn the journaled prefix described by `cursor` into `all`. */
function recordsToReach(cursor: Cursor, all: readonly ApiMessage[], view: ContextView): ApiHistoryRecord[] {
	const rewritten = () => new Error("the API history was changed, not extended, since it was journaled")
	if (all.length < cursor.count) throw rewritten()
	const records: ApiHistoryRecord[] = []
	const last = all[cursor.count - 1]
	if (last !== undefined) {
		if (last.role !== cursor.lastRole || last.content.length < cursor.lastLength) throw rewritten()
		if (last.content.length > cursor.lastLength) {
			if (last.role !== "user") throw new Error("only a trailing user message may grow")
			records.push({ type: "extendLastUser", blocks: last.content.slice(cursor.lastLength) })
		}
	}
	for (const message of all.slice(cursor.count)) records.push({ type: "append", message })
	// After the messages: a view may start at one of them.
	if (!sameView(cursor.view, view)) records.push({ type: "contextView", view })
	return records
}

export interface ApiHistoryJournalOptions {
	durable?: boolean
	compaction?: CompactionPolicy
	/** The file was just created: what is journaled is known (nothing) without loading it. */
	isNew?: boolean
}

/**
 * The conversation as sent to the model, journaled as it grows. `sync(history.all)` after each
 * change is the simple way to use it: it writes only what was added since the last sync. The
 * primitives `append` and `extendLastUser` do the same by hand; use one way or the other per
 * journal, not both at once.
 */
export class ApiHistoryJournal {
	private readonly journal: JsonlJournal<ApiHistoryRecord>
	private readonly policy: CompactionPolicy
	private cursor: Cursor | undefined
	private cursorLoading: Promise<void> | undefined
	/** Records in the file, known once loaded (or created empty); drives compaction. */
	private records: number | undefined
	/** Writes queued so far, so a load can tell whether one was queued while it read. */
	private writes = 0

	constructor(
		readonly file: string,
		options: ApiHistoryJournalOptions = {},
	) {
		this.journal = new JsonlJournal(file, (value) => safeParse(recordSchema, value), options)
		this.policy = options.compaction ?? defaultCompactionPolicy
		if (options.isNew) {
			this.cursor = cursorOf([], fullView)
			this.records = 0
		}
	}

	async load(): Promise<ApiHistoryLoad> {
		const writesBefore = this.writes
		const { records, recordLines, damagedLines, tornTail } = await this.journal.load()
		const { messages, view, rewinds, problems } = foldApiHistory(records, recordLines)
		// A write queued meanwhile moved the cursor past what this load saw; going back would duplicate it.
		if (this.writes === writesBefore) {
			this.cursor = cursorOf(messages, view)
			this.records = records.length
		}
		return { messages, view, rewinds, damagedLines, tornTail, problems }
	}

	append(message: ApiMessage): Promise<void> {
		const cursor = this.cursor && {
			...this.cursor,
			count: this.cursor.count + 1,
			lastRole: message.role,
			lastLength: message.content.length,
		}
		return this.write([{ type: "append", message }], cursor)
	}

	/** Journals a rewind of the history to `to`; the next sync reads the journal again to know where it stands. */
	async appendRewind(id: string, to: HistoryPoint): Promise<void> {
		await this.write([{ type: "rewind", id, to }], undefined)
	}

	/** Records blocks merged into the trailing user message. */
	extendLastUser(blocks: UserBlock[]): Promise<void> {
		if (this.cursor !== undefined && this.cursor.lastRole !== "user")
			throw new Error("the journaled history does not end with a user message")
		const cursor = this.cursor && { ...this.cursor, lastLength: this.cursor.lastLength + blocks.length }
		return this.write([{ type: "extendLastUser", blocks }], cursor)
	}

	/**
	 * Journals what `all` adds to what is journaled already: new messages, and blocks merged
	 * into the trailing user message, and the model's view when it changed. Loads the journal
	 * first when it does not know what is in it (not loaded yet, or an append failed). Throws
	 * when `all` is not an extension of it.
	 */
	async sync(all: readonly ApiMessage[], view: ContextView = fullView): Promise<void> {
		while (this.cursor === undefined) {
			// One load for every sync waiting; it leaves the cursor unknown only if a write slipped in meanwhile.
			this.cursorLoading ??= this.load()
				.then(() => undefined)
				.finally(() => {
					this.cursorLoading = undefined
				})
			await this.cursorLoading
		}
		// From here to the append there is no await, so concurrent syncs each see the cursor the last one left.
		const records = recordsToReach(this.cursor, all, view)
		if (records.length === 0) return
		await this.write(records, cursorOf(all, view))
	}

	async compactIfWorthwhile(): Promise<CompactionOutcome> {
		if (this.records === undefined || this.cursor === undefined)
			return { compacted: false, reason: "the journal has not been loaded" }
		if (!shouldCompact({ records: this.records, live: this.cursor.count }, this.policy))
			return { compacted: false, reason: "not enough superseded records" }
		const outcome = await compactJournal(
			this.journal,
			(records): ApiHistoryRecord[] => {
				const { messages, view } = foldApiHistory(records)
				const appends = messages.map((message): ApiHistoryRecord => ({ type: "append", message }))
				return sameView(view, fullView) ? appends : [...appends, { type: "contextView", view }]
			},
			this.policy,
		)
		if (outcome.compacted && this.records !== undefined)
			this.records -= outcome.recordsBefore - outcome.recordsAfter
		return outcome
	}

	settled(): Promise<void> {
		return this.journal.settled()
	}

	close(): Promise<void> {
		return this.journal.close()
	}

	/** `cursor`: what is journaled once these records are; set now, so the next call builds on it. */
	private write(records: ApiHistoryRecord[], cursor: Cursor | undefined): Promise<void> {
		// Throws before anything is counted when a record cannot be serialised.
		const written = this.journal.appendMany(records)
		this.cursor = cursor
		this.writes++
		if (this.records !== undefined) this.records += records.length
		return written.catch((error: unknown) => {
			// The file may hold less than the cursor says; the next sync reads it again.
			this.cursor = undefined
			this.records = undefined
			throw error
		})
	}
}
