import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs"
import path from "node:path"

/**
 * Writes `data` to `temp`, a name no other file may hold, and renames it over `file` in the same
 * folder, as git places its objects and refs: a reader sees the old file or the new one, never a
 * part. The folder is made when missing. Not flushed to disk (git does not flush these either; see
 * writeFileAtomic for what must survive a power loss). A `temp` already there is an error, unless
 * `replaceStaleTemp` says it can only be one left by a process that died mid-write.
 */
export function renamedIntoPlace(
	temp: string,
	file: string,
	data: string | Uint8Array,
	options: { mode?: number; replaceStaleTemp?: boolean } = {},
): void {
	const write = () => writeFileSync(temp, data, { flag: "wx", mode: options.mode })
	try {
		write()
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code
		if (code === "ENOENT") mkdirSync(path.dirname(temp), { recursive: true })
		else if (code === "EEXIST" && options.replaceStaleTemp === true) rmSync(temp)
		else throw error
		write()
	}
	try {
		renameSync(temp, file)
	} catch (error) {
		rmSync(temp, { force: true })
		throw error
	}
}
