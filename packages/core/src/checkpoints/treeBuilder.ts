import { GitError } from "../git/gitError.js"
import type { GitSession } from "../git/gitSession.js"

/** One path's entry after a change: its mode and object, or undefined where the path is gone. */
export interface TreeEntryChange {
	/** Workspace-relative, "/"-separated. */
	path: string
	entry: { mode: string; id: string } | undefined
}

/** Where a checkpoint's trees go: `folder` is where the tree sits in the workspace ("" the root). */
export interface TreeWriter {
	write(folder: string, body: Buffer): Promise<string>
}

interface Entry {
	mode: string
	id: string
}

const treeMode = "40000"

/** Entries of the trees kept by id, all told (see TreeBuilder.known): a few folders' worth. */
const knownEntries = 20_000

/** The changes under one folder: its own files', and its folders' by name. */
interface FolderChanges {
	files: Map<string, Entry | undefined>
	folders: Map<string, FolderChanges>
}

/**
 * Builds the tree of a checkpoint from the tree before it and the entries that changed, without
 * the index: only the folders on a changed path are read (`cat-file --batch`, a long-lived git of
 * the repository) and written (by the host, see PackedTrees). Git keeps no empty folder, so a
 * folder left empty is dropped from its parent (the root stays, empty).
 */
export class TreeBuilder {
	/**
	 * Trees read, by id: an id names its content for good, and each checkpoint starts from the
	 * index's tree, the same one until the index is written again, so its folders on a changed
	 * path are read once. The latest read are kept, up to `knownEntries` entries.
	 */
	private readonly known = new Map<string, ReadonlyMap<string, Entry>>()
	private knownSize = 0

	constructor(
		private readonly objects: GitSession,
		private readonly trees: TreeWriter,
	) {}

	/** `base` is a tree, or what names one (`<commit>^{tree}`). */
	async build(base: string, changes: readonly TreeEntryChange[]): Promise<string> {
		const root = folderOf(changes)
		return (await this.write(base, root, "")) ?? (await this.make(new Map(), ""))
	}

	/** The folder `base` (undefined: a new one) with `changes` made; undefined when it ends empty. */
	private async write(
		base: string | undefined,
		changes: FolderChanges,
		folder: string,
	): Promise<string | undefined> {
		const entries = base === undefined ? new Map<string, Entry>() : await this.read(base)
		const before = new Map(entries)
		for (const [name, entry] of changes.files) {
			if (entry === undefined) entries.delete(name)
			else entries.set(name, entry)
		}
		for (const [name, changed] of changes.folders) {
			const was = before.get(name)
			const id = await this.write(
				was?.mode === treeMode ? was.id : undefined,
				changed,
				folder === "" ? name : `${folder}/${name}`,
			)
			if (id !== undefined) entries.set(name, { mode: treeMode, id })
			// A file that took the folder's name stays.
			else if (entries.get(name)?.mode === treeMode) entries.delete(name)
		}
		return entries.size === 0 ? undefined : this.make(entries, folder)
	}

	/** A tree's entries by name, from its object (`<mode> <name>\0<binary id>` each). */
	private async read(tree: string): Promise<Map<string, Entry>> {
		const known = this.known.get(tree)
		if (known !== undefined) return new Map(known)
		const object = await this.objects.askFor(`${tree}\n`, objectEnd)
		const header = object.subarray(0, object.indexOf(0x0a)).toString("utf8")
		const [id = "", type, size] = header.split(" ")
		if (type !== "tree") throw new GitError(`the checkpoint's tree ${tree} is missing (${header})`)
		const body = object.subarray(header.length + 1, header.length + 1 + Number(size))
		const idBytes = id.length / 2
		const entries = new Map<string, Entry>()
		let at = 0
		while (at < body.length) {
			const space = body.indexOf(0x20, at)
			const nul = body.indexOf(0, space)
			const mode = body.subarray(at, space).toString("utf8")
			const name = body.subarray(space + 1, nul).toString("utf8")
			entries.set(name, { mode, id: body.subarray(nul + 1, nul + 1 + idBytes).toString("hex") })
			at = nul + 1 + idBytes
		}
		this.remember(id, entries)
		return new Map(entries)
	}

	private async make(entries: Map<string, Entry>, folder: string): Promise<string> {
		return this.trees.write(folder, treeObjectBody(entries))
	}

	private remember(id: string, entries: ReadonlyMap<string, Entry>): void {
		if (entries.size > knownEntries || this.known.has(id)) return
		this.known.set(id, entries)
		this.knownSize += entries.size
		for (const [oldest, kept] of this.known) {
			if (this.knownSize <= knownEntries) break
			this.known.delete(oldest)
			this.knownSize -= kept.size
		}
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
	let size = 0
	let unitOrderIsByteOrder = true
	const rows: { order: string; name: string; entry: Entry }[] = []
	for (const [name, entry] of entries) {
		if (name === "" || name === "." || name === ".." || /[/\0]/.test(name))
			throw new GitError(`a checkpoint's tree cannot hold an entry named ${JSON.stringify(name)}`)
		if (unitOrderIsByteOrder && /[\uD800-\uFFFF]/.test(name)) unitOrderIsByteOrder = false
		size += entry.mode.length + Buffer.byteLength(name) + 2 + entry.id.length / 2
		rows.push({ order: entry.mode === treeMode ? `${name}/` : name, name, entry })
	}
	if (unitOrderIsByteOrder) rows.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
	else rows.sort((a, b) => Buffer.compare(Buffer.from(a.order), Buffer.from(b.order)))
	const body = Buffer.allocUnsafe(size)
	let at = 0
	for (const { name, entry } of rows) {
		at += body.write(`${entry.mode} ${name}\0`, at)
		at += body.write(entry.id, at, "hex")
	}
	return body
}

/** The changes as folders, from the root down. */
function folderOf(changes: readonly TreeEntryChange[]): FolderChanges {
	const root: FolderChanges = { files: new Map(), folders: new Map() }
	for (const { path, entry } of changes) {
		const names = path.split("/")
		const file = names.pop() ?? ""
		let folder = root
		for (const name of names) {
			let next = folder.folders.get(name)
			if (next === undefined) {
				next = { files: new Map(), folders: new Map() }
				folder.folders.set(name, next)
			}
			folder = next
		}
		folder.files.set(file, entry)
	}
	return root
}

/** Where `cat-file --batch`'s answer for one object ends: its header line, its bytes and a newline. */
function objectEnd(received: Buffer): number | undefined {
	const newline = received.indexOf(0x0a)
	if (newline < 0) return undefined
	const [, type, size] = received.subarray(0, newline).toString("utf8").split(" ")
	const end = type === "missing" || size === undefined ? newline + 1 : newline + 1 + Number(size) + 1
	return received.length >= end ? end : undefined
}
