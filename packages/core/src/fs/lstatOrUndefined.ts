import { lstatSync, type Stats } from "node:fs"

/**
 * What is at `file` itself (a link is not followed), or undefined when nothing can be seen there:
 * absent, not reachable, not permitted. Synchronous on purpose: its callers look at many paths at
 * every checkpoint or sandbox start, where a stat of microseconds through the thread pool costs
 * several times that in CPU.
 */
export function lstatOrUndefined(file: string): Stats | undefined {
	try {
		return lstatSync(file, { throwIfNoEntry: false })
	} catch {
		return undefined
	}
}
