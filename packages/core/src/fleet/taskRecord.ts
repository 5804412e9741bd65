import { readdir } from "node:fs/promises"
import path from "node:path"
import { z } from "zod"
import { readJsonFile, writeJsonAtomic, type ReadJsonResult } from "../persistence/atomicFile.js"
import { fleetTaskIdSchema } from "./taskFile.js"

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

export function readRecord(results: string, id: string): Promise<ReadJsonResult<FleetRecord>> {
	return readJsonFile(recordFile(results, id), fleetRecordSchema)
}

export async function writeRecord(results: string, record: FleetRecord): Promise<void> {
	await writeJsonAtomic(recordFile(results, record.id), fleetRecordSchema.parse(record))
}

/** A file of the results folder that is not a record (damaged, or of another shape), named with why. */
export interface UnreadableRecord {
	file: string
	error: string
}

/** Every record of a results folder, by id, and the files that could not be read as one. */
export async function readRecords(
	results: string,
): Promise<{ records: FleetRecord[]; unreadable: UnreadableRecord[] }> {
	const names = (await readdir(results)).filter(
		(name) => name.endsWith(recordSuffix) && !name.startsWith("."),
	)
	const records: FleetRecord[] = []
	const unreadable: UnreadableRecord[] = []
	for (const name of names.sort()) {
		const read = await readRecord(results, name.slice(0, -recordSuffix.length))
		if (read.ok) records.push(read.value)
		else unreadable.push({ file: path.join(results, name), error: read.error })
	}
	return { records, unreadable }
}
