import { GitError } from "../git/gitError.js"

/** A tree entry: its mode and object id (hex). */
export interface Entry {
	mode: string
	id: string
}

export const treeMode = "40000"

/**
 * A tree's entries as its object holds them, in git's order, with where each starts in the
 * object's bytes. A checkpoint changes a few entries of a folder that may hold thousands: the next
 * tree is made by copying the unchanged runs of bytes and placing the changed entries among them
 * (found by a binary search), not by sorting and writing every entry again (1 ms a turn at a
 * folder of 1,000 files, growing with the folder).
 */
export class TreeListing {
	private constructor(
		/** The tree object's bytes (without git's header). */
		readonly body: Buffer,
		/** Entries by name. */
		readonly entries: ReadonlyMap<string, Entry>,
		/** Each entry's position, by name. */
		private readonly positions: ReadonlyMap<string, number>,
		/** Each entry's order key (its name, a folder's with "/"), in git's order. */
		private readonly keys: readonly string[],
		/** Where each entry starts in `body`. */
		private readonly starts: readonly number[],
	) {}

	/** The listing of a tree object's bytes; `idBytes` is the length of an object id (20 or 32). */
	static parse(body: Buffer, idBytes: number): TreeListing {
		const entries = new Map<string, Entry>()
		const positions = new Map<string, number>()
		const keys: string[] = []
		const starts: number[] = []
		let at = 0
		while (at < body.length) {
			const space = body.indexOf(0x20, at)
			const nul = body.indexOf(0, space)
			const mode = body.subarray(at, space).toString("latin1")
			const name = body.subarray(space + 1, nul).toString("utf8")
			entries.set(name, { mode, id: body.subarray(nul + 1, nul + 1 + idBytes).toString("hex") })
			positions.set(name, keys.length)
			keys.push(orderKey(name, mode))
			starts.push(at)
			at = nul + 1 + idBytes
		}
		return new TreeListing(body, entries, positions, keys, starts)
	}

	/**
	 * The tree's bytes with `edits` made: a name set to an entry replaces or adds it, a name set to
	 * undefined drops it. Only the edited entries are written; the runs between them are copied.
	 */
	edited(edits: ReadonlyMap<string, Entry | undefined>): Buffer {
		const changed = [...edits].filter(([name, entry]) => !sameEntry(this.entries.get(name), entry))
		if (changed.length === 0) return this.body
		const added = changed.flatMap(([name, entry]) =>
			entry === undefined ? [] : [{ key: orderKey(name, entry.mode), name, entry }],
		)
		// A name with a unit past U+D7FF may compare otherwise as units than as git's bytes: the
		// whole tree is sorted. Any other name compares the same both ways with every name, so the
		// binary search holds whatever names the tree has.
		if (added.some(({ key }) => !unitOrderIsByteOrder(key)))
			return treeObjectBody(withEdits(this.entries, edits))
		const dropped = new Set(changed.flatMap(([name]) => this.positions.get(name) ?? []))
		added.sort((a, b) => compareUnits(a.key, b.key))
		const pieces: Buffer[] = []
		let copied = 0
		const copyUpTo = (position: number) => {
			for (let at = copied; at < position; at++) {
				if (!dropped.has(at)) continue
				if (at > copied) pieces.push(this.slice(copied, at))
				copied = at + 1
			}
			if (position > copied) pieces.push(this.slice(copied, position))
			copied = Math.max(copied, position)
		}
		for (const { key, name, entry } of added) {
			copyUpTo(this.lowerBound(key))
			pieces.push(entryBytes(name, entry))
		}
		copyUpTo(this.keys.length)
		return Buffer.concat(pieces)
	}

	/** Entries `from` up to (not including) `to`, as bytes. */
	private slice(from: number, to: number): Buffer {
		return this.body.subarray(
			this.starts[from],
			to < this.starts.length ? this.starts[to] : this.body.length,
		)
	}

	/** The position of the first entry whose key is not below `key`. */
	private lowerBound(key: string): number {
		let low = 0
		let high = this.keys.length
		while (low < high) {
			const middle = (low + high) >>> 1
			if (compareUnits(this.keys[middle] ?? "", key) < 0) low = middle + 1
			else high = middle
		}
		return low
	}
}

/**
 * A tree object's bytes: `<mode> <name>\0<binary id>` per entry, in git's order, which compares
 * names as bytes with a folder's name read as ending in "/". JavaScript compares strings by
 * UTF-16 units, the same order as UTF-8's bytes below U+D800; names with a unit from there up are
 * compared as bytes. A name git could not hold (empty, ".", "..", with a "/" or a NUL) fails the
 * checkpoint rather than writing a tree git would refuse.
 */
export function treeObjectBody(entries: ReadonlyMap<string, Entry>): Buffer {
	let unitOrder = true
	const rows: { order: string; name: string; entry: Entry }[] = []
	for (const [name, entry] of entries) {
		const order = orderKey(name, entry.mode)
		if (unitOrder && !unitOrderIsByteOrder(order)) unitOrder = false
		rows.push({ order, name, entry })
	}
	if (unitOrder) rows.sort((a, b) => compareUnits(a.order, b.order))
	else rows.sort((a, b) => Buffer.compare(Buffer.from(a.order), Buffer.from(b.order)))
	return Buffer.concat(rows.map(({ name, entry }) => entryBytes(name, entry)))
}

/** `entries` with `edits` made (undefined drops the name). */
export function withEdits(
	entries: ReadonlyMap<string, Entry>,
	edits: ReadonlyMap<string, Entry | undefined>,
): Map<string, Entry> {
	const all = new Map(entries)
	for (const [name, entry] of edits) {
		if (entry === undefined) all.delete(name)
		else all.set(name, entry)
	}
	return all
}

/** One entry's bytes; a name git could not hold is refused. */
function entryBytes(name: string, entry: Entry): Buffer {
	if (name === "" || name === "." || name === ".." || /[/\0]/.test(name))
		throw new GitError(`a checkpoint's tree cannot hold an entry named ${JSON.stringify(name)}`)
	const head = `${entry.mode} ${name}\0`
	const bytes = Buffer.allocUnsafe(Buffer.byteLength(head) + entry.id.length / 2)
	const at = bytes.write(head)
	bytes.write(entry.id, at, "hex")
	return bytes
}

/** What git sorts an entry by: its name, a folder's read as ending in "/". */
function orderKey(name: string, mode: string): string {
	return mode === treeMode ? `${name}/` : name
}

function unitOrderIsByteOrder(key: string): boolean {
	return !/[\uD800-\uFFFF]/.test(key)
}

function compareUnits(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0
}

function sameEntry(a: Entry | undefined, b: Entry | undefined): boolean {
	return a === b || (a !== undefined && b !== undefined && a.mode === b.mode && a.id === b.id)
}
