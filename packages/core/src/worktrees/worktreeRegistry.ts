import { mkdir, readdir } from "node:fs/promises"
import path from "node:path"
import { landingSchema, taskIdSchema } from "@cairn/types"
import { z } from "zod"
import type { Logger } from "../host/Host.js"
import { readJsonFile, removeStaleTemps, writeJsonAtomic } from "../persistence/atomicFile.js"
import { acquireLock } from "../persistence/processLock.js"
import { setupReportSchema } from "./setupReport.js"

/**
 * One task's worktree as Cairn recorded it. `reserved` is written before `git worktree add`
 * runs and `created` after, so a crash in between leaves a record to list (and discard), never
 * a worktree nobody knows of. A removed worktree keeps its record (`removedAt`) for the board.
 */
export const registeredWorktreeSchema = z.object({
	taskId: taskIdSchema,
	name: z.string().min(1),
	branch: z.string().min(1),
	base: z.string().min(1),
	baseCommit: z.string().min(1),
	path: z.string().min(1),
	/** The folder in the worktree that stands for the workspace (the workspace may be a subfolder of the repository). */
	workspace: z.string().min(1),
	index: z.number().int().positive(),
	repository: z.string().min(1),
	createdAt: z.number(),
	phase: z.enum(["reserved", "created"]),
	/** Found by git under Cairn's folder with no record (the record was lost): its task is unknown. */
	adopted: z.boolean().optional(),
	landing: landingSchema.optional(),
	setup: setupReportSchema.optional(),
	removedAt: z.number().optional(),
})
export type RegisteredWorktree = z.infer<typeof registeredWorktreeSchema>

const lockName = ".lock"
// Temp files of a write in progress in another process are younger than this.
const staleTempMs = 60_000

/**
 * The worktrees of one repository, a small JSON file each (written whole or not at all), in a
 * folder of Cairn's storage that several processes (editor windows, CLIs) share. Changes go
 * through `locked`, a lock between processes, so two of them never pick the same name or index.
 */
export class WorktreeRegistry {
	constructor(
		private readonly folder: string,
		private readonly logger: Logger,
	) {}

	static async open(folder: string, logger: Logger): Promise<WorktreeRegistry> {
		await mkdir(folder, { recursive: true })
		await removeStaleTemps(folder, staleTempMs)
		return new WorktreeRegistry(folder, logger)
	}

	/** Every record; one that cannot be read is logged and left out (git still shows its worktree). */
	async entries(): Promise<RegisteredWorktree[]> {
		let names: string[]
		try {
			names = await readdir(this.folder)
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === "ENOENT") return []
			throw error
		}
		const entries: RegisteredWorktree[] = []
		for (const name of names.filter((name) => name.endsWith(".json") && !name.startsWith("."))) {
			const read = await readJsonFile(path.join(this.folder, name), registeredWorktreeSchema)
			if (read.ok) entries.push(read.value)
			else if (read.reason !== "missing")
				this.logger.warn("A worktree record cannot be read; it is left out", {
					file: name,
					error: read.error,
				})
		}
		return entries.sort((a, b) => a.createdAt - b.createdAt || a.name.localeCompare(b.name))
	}

	async write(entry: RegisteredWorktree): Promise<void> {
		await writeJsonAtomic(
			path.join(this.folder, `${entry.taskId}.json`),
			registeredWorktreeSchema.parse(entry),
		)
	}

	/** Runs `work` holding the registry's lock between processes (waiting while another holds it). */
	async locked<T>(work: () => Promise<T>): Promise<T> {
		const lock = await acquireLock({
			lockDir: path.join(this.folder, lockName),
			ownerFile: path.join(this.folder, `${lockName}.owner`),
			wait: true,
			onCompromised: (error) =>
				this.logger.error("The worktree registry's lock was lost while held", {
					error: error.message,
				}),
		})
		try {
			return await work()
		} finally {
			await lock.release()
		}
	}
}
