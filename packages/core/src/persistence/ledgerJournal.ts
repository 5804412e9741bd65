import { stat, writeFile } from "node:fs/promises"
import path from "node:path"
import { safeParse } from "@cairn/types"
import { ledgerRecordSchema, type LedgerRecord } from "../ledger/ledgerRecord.js"
import { JsonlJournal } from "./jsonlJournal.js"
import { problemsOfLoad, type TaskProblem } from "./taskRecovery.js"

export const ledgerFileName = "ledger.jsonl"

/**
 * A task's ledger (what it spent), one record a line, only appended: a request costs one short
 * line, and a crash loses at most the line being written. Never compacted: it grows by one line
 * per request, which is small beside the transcript.
 */
export class LedgerJournal {
	private readonly journal: JsonlJournal<LedgerRecord>

	constructor(taskDir: string, options: { durable?: boolean } = {}) {
		this.journal = new JsonlJournal(
			path.join(taskDir, ledgerFileName),
			(value) => safeParse(ledgerRecordSchema, value),
			options,
		)
	}

	/** A new task's folder starts with an empty ledger: a folder without one predates ledgers. */
	static async create(taskDir: string): Promise<void> {
		await writeFile(path.join(taskDir, ledgerFileName), "", { flag: "wx" })
	}

	get file(): string {
		return this.journal.file
	}

	append(record: LedgerRecord): Promise<void> {
		return this.journal.append(record)
	}

	/** The records, or undefined for a task saved before ledgers; damage is skipped and reported. */
	async load(): Promise<{ records: LedgerRecord[] | undefined; problems: TaskProblem[] }> {
		const exists = await stat(this.file).then(
			() => true,
			() => false,
		)
		if (!exists) return { records: undefined, problems: [] }
		const loaded = await this.journal.load()
		return { records: loaded.records, problems: problemsOfLoad(this.file, loaded) }
	}

	close(): Promise<void> {
		return this.journal.close()
	}
}
