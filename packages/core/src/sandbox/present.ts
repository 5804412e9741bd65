import { lstatSync } from "node:fs"

/** Whether anything is at `target`, a dangling link included. */
export function present(target: string): boolean {
	try {
		lstatSync(target)
		return true
	} catch {
		return false
	}
}
