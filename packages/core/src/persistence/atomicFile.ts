import { randomBytes } from "node:crypto"
import { open, readFile, readdir, rename, rm, stat } from "node:fs/promises"
import path from "node:path"
import { safeParse } from "@cairn/types"
import type { z } from "zod"

// Hand-written rather than `write-file-atomic`: it is a few lines with node:fs/promises, the
// temp-file naming must be known here so leftovers can be recognised and cleaned, and the
// journal compaction reuses the same routine for JSON-lines text.

const tempSuffix = ".tmp"

/** The temp file a write of `file` uses: hidden, in the same folder (rename is atomic only within one file system). */
function tempPathFor(file: string): string {
	return path.join(
		path.dirname(file),
		`.${path.basename(file)}.${randomBytes(6).toString("hex")}${tempSuffix}`,
	)
}

/** True for names `tempPathFor` produces, so a crash's leftovers can be told from real files. */
export function isAtomicTempName(name: string): boolean {
	return /^\..+\.[0-9a-f]{12}\.tmp$/.test(name)
}

/**
 * Replaces `file` with `data` so that a reader, or a crash at any instant, sees the old
 * content or the new one and never a mix. The folder must exist: creating it here would let
 * a late write resurrect a deleted task's folder.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
	const temp = tempPathFor(file)
	const handle = await open(temp, "wx")
	try {
		await handle.writeFile(data)
		// Without this, a power loss after the rename can leave the new name pointing at empty blocks.
		await handle.sync()
	} catch (error) {
		await handle.close().catch(() => undefined)
		await rm(temp, { force: true })
		throw error
	}
	await handle.close()
	try {
		await rename(temp, file)
	} catch (error) {
		await rm(temp, { force: true })
		throw error
	}
	await syncFolder(path.dirname(file))
}

/** Serialises first, so a value JSON cannot represent fails before any byte is written. */
export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
	await writeFileAtomic(file, `${JSON.stringify(value, null, "\t")}\n`)
}

/** Makes a rename durable; some file systems (Windows, some network mounts) cannot open a folder, which is fine. */
export async function syncFolder(folder: string): Promise<void> {
	let handle
	try {
		handle = await open(folder, "r")
		await handle.sync()
	} catch {
		// Not supported here: the rename still happened, it is only less certain to survive a power loss.
	} finally {
		await handle?.close().catch(() => undefined)
	}
}

export type ReadJsonResult<T> =
	| { ok: true; value: T }
	| {
			ok: false
			/** missing: no file; corrupt: not JSON; invalid: JSON of the wrong shape; unreadable: an I/O error. */
			reason: "missing" | "corrupt" | "invalid" | "unreadable"
			error: string
	  }

/** Reads a JSON file written by `writeJsonAtomic`; never throws, so one bad file cannot stop a listing. */
export async function readJsonFile<S extends z.ZodType>(
	file: string,
	schema: S,
): Promise<ReadJsonResult<z.output<S>>> {
	let text: string
	try {
		text = await readFile(file, "utf8")
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code
		if (code === "ENOENT") return { ok: false, reason: "missing", error: `${file} does not exist` }
		return { ok: false, reason: "unreadable", error: errorMessage(error) }
	}
	let value: unknown
	try {
		value = JSON.parse(text)
	} catch (error) {
		return { ok: false, reason: "corrupt", error: `not valid JSON: ${errorMessage(error)}` }
	}
	const parsed = safeParse(schema, value)
	return parsed.success
		? { ok: true, value: parsed.data }
		: { ok: false, reason: "invalid", error: parsed.error }
}

/**
 * Removes temp files a crash left in `folder` (only names `writeFileAtomic` produces), older
 * than `olderThanMs` so a write in progress elsewhere is not pulled from under its writer.
 */
export async function removeStaleTemps(
	folder: string,
	olderThanMs: number,
	now = Date.now(),
): Promise<string[]> {
	let names: string[]
	try {
		names = await readdir(folder)
	} catch {
		return []
	}
	const removed: string[] = []
	for (const name of names.filter(isAtomicTempName)) {
		const file = path.join(folder, name)
		try {
			const info = await stat(file)
			if (!info.isFile() || now - info.mtimeMs < olderThanMs) continue
			await rm(file, { force: true })
			removed.push(name)
		} catch {
			// Gone already, or not ours to remove: either way nothing to clean.
		}
	}
	return removed
}

export function errorMessage(error: unknown): string {
	return error instanceof Error ? error.message : String(error)
}
