import { randomBytes } from "node:crypto"
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises"
import path from "node:path"
import { syncFolder } from "../fs/atomicWrite.js"
import { removeStaleTemps } from "./atomicFile.js"
import { apiHistoryFileName } from "./apiHistoryJournal.js"
import { fileContextFileName, legacyFileContextFileName } from "./fileContextJournal.js"
import { ledgerFileName } from "./ledgerJournal.js"
import { legacyMetadataFileName, metadataFileName } from "./taskMetadata.js"
import { uiMessagesFileName } from "./uiMessageJournal.js"

// The file-system side of the tasks folder: what a task folder holds and what crashes leave behind.

/** Leftovers of a crash younger than this may still be another process's work in progress. */
export const leftoverAgeMs = 10 * 60_000

/** Hidden names for a task folder being created or deleted; task ids cannot start with a dot. */
const stagingPrefix = ".new-"
const trashPrefix = ".trash-"

function hiddenSibling(dir: string, prefix: string): string {
	return path.join(path.dirname(dir), `${prefix}${path.basename(dir)}-${randomBytes(4).toString("hex")}`)
}

/**
 * Creates `dir` so that it appears complete or not at all: `fill` writes into a hidden
 * folder, which is then renamed into place. Throws when `dir` exists.
 */
export async function createTaskFolder(dir: string, fill: (staging: string) => Promise<void>): Promise<void> {
	if (await pathExists(dir)) throw new Error(`task ${path.basename(dir)} exists already`)
	const staging = hiddenSibling(dir, stagingPrefix)
	await mkdir(staging)
	try {
		await fill(staging)
		await rename(staging, dir)
	} catch (error) {
		await rm(staging, { recursive: true, force: true })
		throw error
	}
	await syncFolder(path.dirname(dir))
}

/**
 * Removes `dir`; returns whether it existed. It is renamed away first, so a crash mid-removal
 * leaves a hidden leftover (cleaned on the next open), never a half-deleted task.
 */
export async function removeTaskFolder(dir: string): Promise<boolean> {
	const trash = hiddenSibling(dir, trashPrefix)
	try {
		await rename(dir, trash)
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return false
		throw error
	}
	await rm(trash, { recursive: true, force: true })
	return true
}

export async function pathExists(file: string): Promise<boolean> {
	return stat(file).then(
		() => true,
		() => false,
	)
}

/** Bytes the task takes on disk (its files), for the history list. */
export async function taskFolderSize(dir: string): Promise<number> {
	const files = [
		uiMessagesFileName,
		apiHistoryFileName,
		metadataFileName,
		fileContextFileName,
		ledgerFileName,
		legacyMetadataFileName,
		legacyFileContextFileName,
	]
	const sizes = await Promise.all(
		files.map((name) =>
			stat(path.join(dir, name)).then(
				(info) => info.size,
				() => 0,
			),
		),
	)
	return sizes.reduce((a, b) => a + b, 0)
}

/** Finishes what a crash interrupted: half-deleted and half-created task folders, temp files. */
export async function removeLeftovers(tasksDir: string, now = Date.now()): Promise<void> {
	await removeStaleTemps(tasksDir, leftoverAgeMs, now)
	for (const name of await readdir(tasksDir)) {
		const folder = path.join(tasksDir, name)
		// A half-deleted folder can go at once; a half-created one might be another process's, in progress.
		if (name.startsWith(trashPrefix)) await rm(folder, { recursive: true, force: true })
		if (!name.startsWith(stagingPrefix)) continue
		const info = await stat(folder).catch(() => undefined)
		if (info?.isDirectory() && now - info.mtimeMs >= leftoverAgeMs)
			await rm(folder, { recursive: true, force: true })
	}
}
