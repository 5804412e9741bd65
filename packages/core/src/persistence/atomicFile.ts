import { readFile, readdir, rm, stat } from "node:fs/promises"
import path from "node:path"
import { safeParse } from "@cairn/types"
import { isAtomicTempName, writeFileAtomic } from "../fs/atomicWrite.js"
import type { z } from "zod"

/** Serialises first, so a value JSON cannot represent fails before any byte is written. */
export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
	await writeFileAtomic(file, `${JSON.stringify(value, null, "\t")}\n`)
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
