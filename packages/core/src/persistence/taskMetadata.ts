import path from "node:path"
import { type HistoryItem, historyItemSchema, safeParse, taskIdSchema } from "@cairn/types"
import { z } from "zod"
import { writeFileAtomic } from "../fs/atomicWrite.js"
import { type ReadJsonResult, readJsonFile } from "./atomicFile.js"
import { LatestValueJournal, type LatestValueJournalOptions } from "./latestValueJournal.js"

/** A journal of the task's metadata, one whole version per line; the last valid line is current. */
export const metadataFileName = "metadata.jsonl"
/** Where tasks of earlier versions kept their metadata (one JSON object); read when the journal is missing. */
export const legacyMetadataFileName = "metadata.json"

/**
 * What the history list shows of a task (a HistoryItem) plus what opening the task again
 * needs. It is the source of truth the history index is rebuilt from. It changes at nearly
 * every turn (tokens, cost), so it is journaled (see LatestValueJournal), not rewritten.
 */
export const taskMetadataSchema = historyItemSchema.extend({
	id: taskIdSchema,
	version: z.literal(1),
	createdAt: z.number(),
	updatedAt: z.number(),
	/** `ts` of the last UI message the caller knows is journaled; resume can check the journal against it. */
	lastMessageTs: z.number().optional(),
})
export type TaskMetadata = z.infer<typeof taskMetadataSchema>

export function toHistoryItem(metadata: TaskMetadata): HistoryItem {
	// eslint-disable-next-line @typescript-eslint/no-unused-vars -- picking the HistoryItem fields by leaving these out
	const { version, createdAt, updatedAt, lastMessageTs, ...item } = metadata
	return item
}

export function metadataPath(taskDir: string): string {
	return path.join(taskDir, metadataFileName)
}

export function metadataJournal(
	taskDir: string,
	options: Omit<LatestValueJournalOptions, "maxRecords">,
): LatestValueJournal<TaskMetadata> {
	return new LatestValueJournal(
		metadataPath(taskDir),
		(value) => safeParse(taskMetadataSchema, value),
		options,
	)
}

/**
 * Reads a task's metadata: the journal's last valid version, or the file of an earlier version
 * when there is no journal. A version naming another task than its folder counts as invalid.
 */
export async function readTaskMetadata(taskDir: string): Promise<ReadJsonResult<TaskMetadata>> {
	const result = await readMetadataFiles(taskDir)
	const folderName = path.basename(taskDir)
	if (result.ok && result.value.id !== folderName)
		return {
			ok: false,
			reason: "invalid",
			error: `the metadata names task ${result.value.id}, but its folder is ${folderName}`,
		}
	return result
}

async function readMetadataFiles(taskDir: string): Promise<ReadJsonResult<TaskMetadata>> {
	let loaded
	try {
		loaded = await metadataJournal(taskDir, {}).load()
	} catch (error) {
		return { ok: false, reason: "unreadable", error: (error as Error).message }
	}
	if (loaded.value !== undefined) return { ok: true, value: loaded.value }
	const damaged = loaded.damagedLines.at(-1)
	if (damaged !== undefined)
		return {
			ok: false,
			reason: "invalid",
			error: `${metadataPath(taskDir)} line ${damaged.line}: ${damaged.error}`,
		}
	// No journal, or only a torn first line (a task of an earlier version killed at its first save here).
	const legacy = await readJsonFile(path.join(taskDir, legacyMetadataFileName), taskMetadataSchema)
	if (legacy.ok || legacy.reason !== "missing" || !loaded.tornTail) return legacy
	return {
		ok: false,
		reason: "corrupt",
		error: `${metadataPath(taskDir)} holds only a line a crash cut off`,
	}
}

/** Writes the metadata of a task being created (its folder is not visible yet). Throws before touching the disk when `metadata` is not valid: that is a bug in the caller. */
export async function writeNewTaskMetadata(taskDir: string, metadata: TaskMetadata): Promise<void> {
	await writeFileAtomic(metadataPath(taskDir), `${JSON.stringify(validMetadata(metadata))}\n`)
}

export function validMetadata(metadata: TaskMetadata): TaskMetadata {
	const parsed = taskMetadataSchema.safeParse(metadata)
	if (!parsed.success) throw new Error(`invalid task metadata: ${parsed.error.message}`)
	return parsed.data
}
