import { type DamagedLine, JsonlJournal, type RecordParser } from "./jsonlJournal.js"

export interface LatestValueJournalOptions {
	/** fsync every save (see JsonlJournalOptions.durable). */
	durable?: boolean
	/** Rewrite the file to its last record once it holds this many; at least 2. */
	maxRecords?: number
	/** The file was just created with one record: the count is known without reading it. */
	isNew?: boolean
}

export interface LatestValueLoad<T> {
	/** The last valid record; undefined when the file is missing or holds none. */
	value: T | undefined
	damagedLines: DamagedLine[]
	tornTail: boolean
}

const defaultMaxRecords = 64

/**
 * A small value that changes often (a task's metadata), kept as the journal of its versions:
 * saving appends one whole version as one line, and the value is the last complete, valid
 * line. A save is one append instead of an atomic rewrite with two fsyncs, and a kill at any
 * instant leaves either the new version or the one before it (a torn line is ignored). Once
 * the file holds `maxRecords` versions it is rewritten atomically to its last one, so it stays
 * small whatever the task's length.
 */
export class LatestValueJournal<T> {
	private readonly journal: JsonlJournal<T>
	private readonly maxRecords: number
	/** Records in the file, when known (after a load, or for a new file). */
	private records: number | undefined

	constructor(
		readonly file: string,
		parse: RecordParser<T>,
		options: LatestValueJournalOptions = {},
	) {
		this.journal = new JsonlJournal(file, parse, { durable: options.durable })
		this.maxRecords = Math.max(2, options.maxRecords ?? defaultMaxRecords)
		if (options.isNew) this.records = 1
	}

	/** Appends `value` as the current version; rewrites the file when it has grown to `maxRecords`. */
	async save(value: T): Promise<void> {
		try {
			await this.journal.append(value)
		} catch (error) {
			this.records = undefined
			throw error
		}
		if (this.records !== undefined) this.records++
		if (this.records === undefined || this.records >= this.maxRecords) await this.compact()
	}

	async load(): Promise<LatestValueLoad<T>> {
		const { records, damagedLines, tornTail } = await this.journal.load()
		this.records = records.length + damagedLines.length
		return { value: records.at(-1), damagedLines, tornTail }
	}

	close(): Promise<void> {
		return this.journal.close()
	}

	/** Keeps only the last valid record: the older versions and any damaged line are of no more use. */
	private async compact(): Promise<void> {
		let kept = 0
		await this.journal.rewrite((current) => {
			const last = current.records.at(-1)
			kept = last === undefined ? 0 : 1
			const extra = current.records.length + current.damagedLines.length - kept
			return extra > 0 || current.tornTail ? (last === undefined ? [] : [last]) : undefined
		})
		this.records = kept
	}
}
