import { chmod, mkdir, readFile, rename, stat } from "node:fs/promises"
import path from "node:path"
import type { Logger } from "../Host.js"
import { writeFileAtomic } from "../../fs/atomicWrite.js"

export interface JsonFileStoreOptions {
	file: string
	logger: Logger
	/** Exact permission bits the file must have, checked and repaired when it is first opened. */
	mode?: number
	/** Names the store in log lines ("secrets", "state"). */
	label: string
}

type Entries = Record<string, unknown>

/**
 * A small JSON object kept in one file: loaded once, changed in memory, and written back
 * atomically after every change. Writes are queued so two quick `set`s cannot overtake each
 * other and leave the older value on disk.
 */
export class JsonFileStore {
	private entries: Promise<Entries> | undefined
	private queue: Promise<void> = Promise.resolve()

	constructor(private readonly options: JsonFileStoreOptions) {}

	async get(key: string): Promise<unknown> {
		const entries = await this.load()
		return Object.hasOwn(entries, key) ? copy(entries[key]) : undefined
	}

	/** `undefined` removes the key. */
	set(key: string, value: unknown): Promise<void> {
		// Copy now: a caller mutating its object afterwards must not change what is stored.
		const stored = value === undefined ? undefined : copy(value)
		return this.enqueue(async () => {
			const entries = await this.load()
			if (stored === undefined) delete entries[key]
			else entries[key] = stored
			await this.persist(entries)
		})
	}

	private enqueue(work: () => Promise<void>): Promise<void> {
		const next = this.queue.then(work)
		this.queue = next.catch(() => undefined)
		return next
	}

	private load(): Promise<Entries> {
		// A failed read (e.g. EACCES) is not cached: the next call tries again.
		this.entries ??= this.read().catch((error: unknown) => {
			this.entries = undefined
			throw error
		})
		return this.entries
	}

	private async read(): Promise<Entries> {
		const { file, logger, label, mode } = this.options
		let text: string
		try {
			text = await readFile(file, "utf8")
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === "ENOENT") return {}
			throw error
		}
		if (mode !== undefined) await this.repairMode(file, mode)
		try {
			const parsed: unknown = JSON.parse(text)
			if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed))
				return parsed as Entries
			throw new Error("the file does not hold a JSON object")
		} catch (error) {
			// Keep the damaged file for a person to look at instead of overwriting it on the next set.
			const aside = `${file}.corrupt-${Date.now()}`
			await rename(file, aside).catch(() => undefined)
			logger.error(`The ${label} file was unreadable and is treated as empty`, {
				file,
				movedTo: aside,
				error: error instanceof Error ? error.message : String(error),
			})
			return {}
		}
	}

	private async repairMode(file: string, mode: number): Promise<void> {
		const actual = (await stat(file)).mode & 0o777
		if (actual === mode) return
		await chmod(file, mode)
		this.options.logger.warn(
			`The ${this.options.label} file had loose permissions; they were tightened`,
			{
				file,
				was: actual.toString(8),
				now: mode.toString(8),
			},
		)
	}

	private async persist(entries: Entries): Promise<void> {
		await mkdir(path.dirname(this.options.file), { recursive: true, mode: 0o700 })
		await writeFileAtomic(this.options.file, `${JSON.stringify(entries, null, "\t")}\n`, {
			mode: this.options.mode,
		})
	}
}

function copy(value: unknown): unknown {
	return JSON.parse(JSON.stringify(value)) as unknown
}
