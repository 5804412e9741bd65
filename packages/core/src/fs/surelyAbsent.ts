import { statSync } from "node:fs"

/**
 * True only when nothing is at `file` (ENOENT). Any other outcome (the file, or an error such as
 * no permission) is false, so the caller goes on to read it and reports what is wrong: a check
 * that fails closed, for files asked about at every turn that mostly do not exist. It costs one
 * system call, against a trip through the thread pool and an Error for a failed read.
 */
export function surelyAbsent(file: string): boolean {
	try {
		return statSync(file, { throwIfNoEntry: false }) === undefined
	} catch {
		return false
	}
}
