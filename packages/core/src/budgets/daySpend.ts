import { mkdir } from "node:fs/promises"
import path from "node:path"
import { budgetSpendSchema, safeParse, type BudgetSpend } from "@cairn/types"
import { z } from "zod"
import { JsonlJournal } from "../persistence/jsonlJournal.js"
import { addSpend, noSpend } from "./spendMeter.js"

/** The person's day (their local time zone: the process's), as the journal's file is named. */
export function localDay(now: Date = new Date()): string {
	const two = (n: number) => String(n).padStart(2, "0")
	return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`
}

const spendLineSchema = budgetSpendSchema.extend({ profile: z.string() })
type SpendLine = z.infer<typeof spendLineSchema>

/**
 * Each profile's spend of the day, kept across tasks and restarts: one append-only file per day in
 * Cairn's storage, a line per billed request, summed when the day's first task starts. Appending
 * (never rewriting) keeps every line even when two of Cairn's processes bill at once.
 */
export class DaySpend {
	private journal: { day: string; file: JsonlJournal<SpendLine> } | undefined
	private failure: Error | undefined
	/** The appends in order; each waits for the folder and the one before it. */
	private writes: Promise<void> = Promise.resolve()
	/** Made once: a `mkdir` at every billed request cost as much as the append itself. */
	private folderMade: Promise<unknown> | undefined

	constructor(private readonly folder: string) {}

	/** What `profile` spent on `day`, as the day's file says. */
	async of(profile: string, day: string): Promise<BudgetSpend> {
		const { records } = await this.fileOf(day).load()
		return records
			.filter((line) => line.profile === profile)
			.reduce<BudgetSpend>((sum, line) => addSpend(sum, line), noSpend)
	}

	/** Appends one request's spend; a failed write is kept and thrown by `settled`. */
	record(profile: string, day: string, spend: BudgetSpend): void {
		const file = this.fileOf(day)
		this.writes = this.writes
			.then(() => (this.folderMade ??= mkdir(this.folder, { recursive: true })))
			.then(() => file.append({ profile, ...spend }))
			.catch((error: unknown) => {
				this.failure ??= error instanceof Error ? error : new Error(String(error))
			})
	}

	/** Resolves once every recorded spend is on disk; throws when one could not be written. */
	async settled(): Promise<void> {
		await this.writes
		if (this.failure !== undefined) throw this.failure
	}

	private fileOf(day: string): JsonlJournal<SpendLine> {
		if (this.journal?.day !== day) {
			void this.journal?.file.close()
			const file = new JsonlJournal(path.join(this.folder, `spend-${day}.jsonl`), (value) =>
				safeParse(spendLineSchema, value),
			)
			this.journal = { day, file }
		}
		return this.journal.file
	}
}
