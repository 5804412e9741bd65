import path from "node:path"
import { safeParse } from "@cairn/types"
import { z } from "zod"
import {
	type FileContextState,
	type SavedFile,
	fileContextStateSchema,
} from "../context/fileContext/fileContextState.js"
import { readJsonFile } from "./atomicFile.js"
import { JsonlJournal } from "./jsonlJournal.js"
import type { TaskProblem } from "./taskRecovery.js"

export const fileContextFileName = "file_context.jsonl"
/** Where tasks of earlier versions kept the state (one JSON value); read when the journal is missing. */
export const legacyFileContextFileName = "file_context.json"

/**
 * A whole state, or what changed since the record before: the files in `drop` and those in
 * `set` leave their places, and those in `set` join the end (the most recently seen), in order.
 */
type FileContextRecord = { state: unknown } | { set: SavedFile[]; drop: string[] }

const deltaSchema = z.object({ set: fileContextStateSchema.shape.files, drop: z.array(z.string()) })
const recordSchema = z.union([z.object({ state: z.unknown() }).required(), deltaSchema])

/** A journal this many records long is rewritten to one whole state. */
const maxRecords = 128

/**
 * What the task knows of the files its model has in context (context/fileContext's state),
 * journaled: a turn that reads or writes a file appends what changed (a few hundred bytes)
 * instead of rewriting the state of up to 100 files with fsyncs. Every `maxRecords` records
 * the file is rewritten atomically to the whole state. The store keeps the state as given; the
 * task validates it when it reads it back.
 */
export class FileContextJournal {
	private readonly journal: JsonlJournal<FileContextRecord>
	/** What the file holds, folded, when known: deltas are computed against it. */
	private current: FileContextState | undefined
	private records = 0

	constructor(
		private readonly taskDir: string,
		options: { durable?: boolean } = {},
	) {
		this.journal = new JsonlJournal(
			path.join(taskDir, fileContextFileName),
			(value) => safeParse(recordSchema, value),
			options,
		)
	}

	get file(): string {
		return this.journal.file
	}

	/**
	 * Callers wait for one save before the next, so the file always holds what `current` says.
	 * The state is the tracker's own, made afresh for each save and typed: not parsed again (a
	 * zod walk of up to 100 files at every turn).
	 */
	async save(state: FileContextState): Promise<void> {
		const delta = this.current !== undefined ? fileContextDelta(this.current, state) : undefined
		const compact = this.records + 1 >= maxRecords
		try {
			if (compact || delta === undefined) {
				// A whole state: once the journal is long, it replaces the file rather than joining it.
				if (compact) await this.journal.rewrite(() => [{ state }])
				else await this.journal.append({ state })
				this.records = compact ? 1 : this.records + 1
			} else if (delta.set.length > 0 || delta.drop.length > 0) {
				await this.journal.append(delta)
				this.records++
			}
		} catch (error) {
			// What reached the disk is uncertain: the next save writes a whole state.
			this.current = undefined
			throw error
		}
		this.current = state
	}

	/**
	 * The saved state, or undefined: none was saved (a task whose model read nothing), or the
	 * journal is damaged, which is then a problem to report, not a reason to fail.
	 */
	async load(): Promise<{ state: unknown; problem?: TaskProblem }> {
		const { records, damagedLines } = await this.journal.load()
		this.records = records.length
		if (records.length === 0 && damagedLines.length === 0) return this.loadLegacy()
		const folded = foldFileContext(records)
		const damaged = damagedLines[0]
		const error =
			folded.error ?? (damaged === undefined ? undefined : `line ${damaged.line}: ${damaged.error}`)
		if (error !== undefined) {
			this.current = undefined
			return {
				state: undefined,
				problem: { file: this.file, error: `${error}; the files read before are forgotten` },
			}
		}
		const parsed = safeParse(fileContextStateSchema, folded.state)
		this.current = parsed.success ? parsed.data : undefined
		return { state: folded.state }
	}

	close(): Promise<void> {
		return this.journal.close()
	}

	private async loadLegacy(): Promise<{ state: unknown; problem?: TaskProblem }> {
		const file = path.join(this.taskDir, legacyFileContextFileName)
		const read = await readJsonFile(file, z.unknown())
		if (read.ok) return { state: read.value }
		if (read.reason === "missing") return { state: undefined }
		return {
			state: undefined,
			problem: { file, error: `${read.error}; the files read before are forgotten` },
		}
	}
}

/** The record that turns `before` into `after`; undefined when only a whole state can (paths not unique). */
export function fileContextDelta(
	before: FileContextState,
	after: FileContextState,
): { set: SavedFile[]; drop: string[] } | undefined {
	const afterPaths = new Set(after.files.map((f) => f.path))
	const beforePaths = new Set(before.files.map((f) => f.path))
	if (afterPaths.size !== after.files.length || beforePaths.size !== before.files.length) return undefined
	const drop = before.files.filter((f) => !afterPaths.has(f.path)).map((f) => f.path)
	const kept = before.files.filter((f) => afterPaths.has(f.path))
	// The longest start of `after` that the files before keep, in their order and unchanged; the
	// files passed over on the way moved (they are seen again later) and join `set` with the rest.
	let same = 0
	let at = 0
	for (; same < after.files.length; same++) {
		const next = after.files[same] as SavedFile
		while (at < kept.length && (kept[at] as SavedFile).path !== next.path) at++
		if (at === kept.length || !sameFile(kept[at] as SavedFile, next)) break
		at++
	}
	return { set: after.files.slice(same), drop }
}

/** The state the records end at; an error when a delta has no valid state to apply to. */
export function foldFileContext(records: readonly FileContextRecord[]): { state: unknown; error?: string } {
	let state: unknown
	for (const [i, record] of records.entries()) {
		if ("state" in record) {
			state = record.state
			continue
		}
		const base = safeParse(fileContextStateSchema, state)
		if (!base.success)
			return { state: undefined, error: `record ${i + 1} changes a state that is not valid` }
		const replaced = new Set([...record.drop, ...record.set.map((f) => f.path)])
		state = {
			...base.data,
			files: [...base.data.files.filter((f) => !replaced.has(f.path)), ...record.set],
		}
	}
	return { state }
}

function sameFile(a: SavedFile, b: SavedFile): boolean {
	if (a.path !== b.path || a.hash !== b.hash) return false
	const [x, y] = [a.signature, b.signature]
	if (x === undefined || y === undefined) return x === y
	return x.size === y.size && x.mtimeMs === y.mtimeMs && x.ctimeMs === y.ctimeMs && x.ino === y.ino
}
