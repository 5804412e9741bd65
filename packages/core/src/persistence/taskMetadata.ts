import path from "node:path"
import { type HistoryItem, historyItemSchema, taskIdSchema } from "@cairn/types"
import { z } from "zod"
import { type ReadJsonResult, readJsonFile, writeJsonAtomic } from "./atomicFile.js"

export const metadataFileName = "metadata.json"

/**
 * A task's small, rewritten-whole file: what the history list shows (a HistoryItem) plus what
 * opening the task again needs. It is the source of truth the history index is rebuilt from,
 * so it is always written atomically.
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

/** Reads a task's metadata; a file naming another task than its folder counts as invalid. */
export async function readTaskMetadata(taskDir: string): Promise<ReadJsonResult<TaskMetadata>> {
	const result = await readJsonFile(metadataPath(taskDir), taskMetadataSchema)
	const folderName = path.basename(taskDir)
	if (result.ok && result.value.id !== folderName)
		return {
			ok: false,
			reason: "invalid",
			error: `the metadata names task ${result.value.id}, but its folder is ${folderName}`,
		}
	return result
}

/** Throws before touching the disk when `metadata` is not valid: that is a bug in the caller. */
export async function writeTaskMetadata(taskDir: string, metadata: TaskMetadata): Promise<void> {
	const parsed = taskMetadataSchema.safeParse(metadata)
	if (!parsed.success) throw new Error(`invalid task metadata: ${parsed.error.message}`)
	await writeJsonAtomic(metadataPath(taskDir), parsed.data)
}
