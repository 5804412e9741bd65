import { realpathSync, statSync } from "node:fs"

/**
 * A change this recent may share its time stamp with another still to come (file times tick
 * coarser than writes), so a stamp this young tells nothing: git's "racily clean" rule.
 */
const settleNs = 2_000_000_000n

/**
 * What tells whether a file or folder changed without reading it: its real path (a link swapped,
 * a parent moved) and its identity, size and change times. `absent` when nothing is there;
 * undefined when that cannot be told (changed a moment ago, or stat failed), so the caller reads
 * afresh and reports what is wrong.
 */
export function stampOf(file: string): string | "absent" | undefined {
	try {
		const stats = statSync(file, { bigint: true, throwIfNoEntry: false })
		if (stats === undefined) return "absent"
		const { dev, ino, size, mtimeNs, ctimeNs } = stats
		if (BigInt(Date.now()) * 1_000_000n - ctimeNs < settleNs) return undefined
		return `${realpathSync.native(file)}\0${dev}:${ino}:${size}:${mtimeNs}:${ctimeNs}`
	} catch {
		return undefined
	}
}

/**
 * Reads kept by path while the path's stamp stays the same: skills are looked up at every turn and
 * almost never change. The stamp is taken before the read, so a change during it is read next time.
 */
export class StampedReads<T> {
	private readonly kept = new Map<string, { stamp: string; value: T }>()

	/** `max` paths at most; past it all are forgotten (a long-lived host moving between workspaces). */
	constructor(private readonly max: number) {}

	async read(key: string, stamp: string | undefined, readNow: () => Promise<T>): Promise<T> {
		const hit = stamp === undefined ? undefined : this.kept.get(key)
		if (hit !== undefined && hit.stamp === stamp) return hit.value
		const value = await readNow()
		if (stamp === undefined) return value
		if (this.kept.size >= this.max) this.kept.clear()
		this.kept.set(key, { stamp, value })
		return value
	}
}
