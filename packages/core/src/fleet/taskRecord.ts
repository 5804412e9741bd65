import path from "node:path"
import { fleetTaskIdSchema, safeParse } from "@cairn/types"
import { z } from "zod"
import { errorMessage, writeJsonAtomic, type ReadJsonResult } from "../persistence/atomicFile.js"
import { readRecordText, recordNames } from "./recordFiles.js"

/** One check command of a task and how it ended (the tail of its output, for the report). */
export const fleetCheckSchema = z.object({
	command: z.string(),
	state: z.enum(["passed", "failed"]),
	durationMs: z.number().nonnegative(),
	tail: z.string(),
	/** Why it failed when its exit code does not say: "timed out after 600s". */
	error: z.string().optional(),
})
export type FleetCheck = z.infer<typeof fleetCheckSchema>

/**
 * A task's result record, `<results>/<id>.json`, written whole or not at all. `running` while a
 * worker holds the task (a record left `running` by a worker that died is retried); `passed` when
 * the agent completed and every check exited 0; `failed` otherwise (retried by the next run).
 */
export const fleetRecordSchema = z.object({
	id: fleetTaskIdSchema,
	state: z.enum(["running", "passed", "failed"]),
	/** 1 for the first run of the task; each retry (after a failure or a killed worker) adds one. */
	attempt: z.number().int().positive(),
	/** The worker that ran it: its shard (`i/n`), process and machine. */
	worker: z.object({ shard: z.string(), pid: z.number().int(), hostname: z.string() }),
	startedAt: z.number(),
	endedAt: z.number().optional(),
	durationMs: z.number().nonnegative().optional(),
	/** The worktree's branch, holding the task's work as one commit on its base. */
	branch: z.string().optional(),
	commit: z.string().optional(),
	worktree: z.string().optional(),
	changes: z
		.object({
			files: z.number().int().nonnegative(),
			added: z.number().int().nonnegative(),
			removed: z.number().int().nonnegative(),
		})
		.optional(),
	/** Dollars the agent spent (its `result` event's cost). */
	cost: z.number().nonnegative().optional(),
	/** The agent's exit code and its `result` event's reason (completed, failed, budget...). */
	exitCode: z.number().int().optional(),
	reason: z.string().optional(),
	checks: z.array(fleetCheckSchema).default([]),
	/** Why it failed, in a sentence, when the agent or the worker said. */
	error: z.string().optional(),
})
export type FleetRecord = z.output<typeof fleetRecordSchema>

/** Ends a record's name; the claims live apart in `.claims/`, so every `*.json` here is a record. */
const recordSuffix = ".json"

export const recordFile = (results: string, id: string): string => path.join(results, `${id}${recordSuffix}`)

/** A record, read as untrusted (see recordFiles): never through a link, never past the size cap. */
export async function readRecord(results: string, id: string): Promise<ReadJsonResult<FleetRecord>> {
	const read = await readRecordText(recordFile(results, id))
	if (!read.ok) return { ok: false, reason: read.missing ? "missing" : "unreadable", error: read.error }
	let value: unknown
	try {
		value = JSON.parse(read.text)
	} catch (error) {
		return { ok: false, reason: "corrupt", error: `not valid JSON: ${errorMessage(error)}` }
	}
	const parsed = safeParse(fleetRecordSchema, value)
	if (!parsed.success) return { ok: false, reason: "invalid", error: parsed.error }
	// A record under another task's name would be counted twice, or stand in for the task it names.
	if (parsed.data.id !== id)
		return { ok: false, reason: "invalid", error: `its id "${parsed.data.id}" is not its file's name` }
	return { ok: true, value: parsed.data }
}

export async function writeRecord(results: string, record: FleetRecord): Promise<void> {
	await writeJsonAtomic(recordFile(results, record.id), fleetRecordSchema.parse(record))
}

/** A file of the results folder that is not a record (damaged, or of another shape), named with why. */
export interface UnreadableRecord {
	file: string
	error: string
}

/**
 * Every record of a results folder, by id, the files that could not be read as one, and how many
 * record files were not read at all (past `maxRecordFiles`).
 */
export async function readRecords(
	results: string,
): Promise<{ records: FleetRecord[]; unreadable: UnreadableRecord[]; notRead: number }> {
	const { names, notRead } = await recordNames(results, recordSuffix)
	const records: FleetRecord[] = []
	const unreadable: UnreadableRecord[] = []
	for (const name of names) {
		const read = await readRecord(results, name.slice(0, -recordSuffix.length))
		if (read.ok) records.push(read.value)
		else unreadable.push({ file: path.join(results, name), error: read.error })
	}
	return { records, unreadable, notRead }
}
