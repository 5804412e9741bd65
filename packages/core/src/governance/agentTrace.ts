import { createHash } from "node:crypto"
import { open, readFile } from "node:fs/promises"
import { safeParse } from "@cairn/types"
import { z } from "zod"
import { readJournal } from "../persistence/jsonlJournal.js"

/** One change the agent made, as a line of `.orchestration/agent_trace.jsonl`. */
export const traceRecordSchema = z.object({
	/** ISO 8601, when the tool finished. */
	time: z.string(),
	task_id: z.string(),
	/** The intent active when the tool ran. */
	intent_id: z.string().nullable(),
	tool: z.string(),
	tool_use_id: z.string(),
	model_id: z.string(),
	outcome: z.enum(["completed", "failed", "cancelled"]),
	/** The files the tool named, with the SHA-256 of their bytes before and after it (null: no file). */
	paths: z.array(
		z.object({
			path: z.string(),
			sha256_before: z.string().nullable(),
			sha256_after: z.string().nullable(),
		}),
	),
	command: z.string().optional(),
	cwd: z.string().optional(),
	/** null when the command was killed by a signal or is still running. */
	exit_code: z.number().int().nullable().optional(),
})
export type TraceRecord = z.infer<typeof traceRecordSchema>

/** The SHA-256 (hex) of a file's bytes; null when there is no such file. */
export async function sha256OfFile(absolute: string): Promise<string | null> {
	try {
		return createHash("sha256")
			.update(await readFile(absolute))
			.digest("hex")
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code
		if (code === "ENOENT" || code === "ENOTDIR") return null
		throw error
	}
}

/**
 * Appends one record as one line in one write, flushed to disk. Several writers may share the
 * file (the editor and the CLI on one workspace), so a torn tail left by a killed writer is not
 * cut off, which could eat another writer's line in progress: the new line starts on a line of
 * its own instead, and readers skip the damaged one.
 */
export async function appendTraceRecord(file: string, record: TraceRecord): Promise<void> {
	const handle = await open(file, "a+")
	try {
		const { size } = await handle.stat()
		let separator = ""
		if (size > 0) {
			const last = Buffer.alloc(1)
			await handle.read(last, 0, 1, size - 1)
			if (last[0] !== 0x0a) separator = "\n"
		}
		await handle.write(`${separator}${JSON.stringify(record)}\n`)
		await handle.sync()
	} finally {
		await handle.close()
	}
}

const parseRecord = (value: unknown) => safeParse(traceRecordSchema, value)

/** The newest `limit` records of an intent, oldest first; damaged and torn lines are skipped. */
export async function recentTraceRecords(
	file: string,
	intentId: string,
	limit: number,
): Promise<TraceRecord[]> {
	const { records } = await readJournal(file, parseRecord)
	return records.filter((record) => record.intent_id === intentId).slice(-limit)
}
