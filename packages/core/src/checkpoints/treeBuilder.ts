import { GitError } from "../git/gitError.js"
import type { GitSession } from "../git/gitSession.js"
import { TreeListing, treeMode, treeObjectBody, withEdits, type Entry } from "./treeListing.js"

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
	private readonly known = new Map<string, TreeListing>()
	private knownSize = 0

	constructor(
		private readonly objects: GitSession,
		private readonly trees: TreeWriter,
	) {}

	/** `base` is a tree, or what names one (`<commit>^{tree}`). */
	async build(base: string, changes: readonly TreeEntryChange[]): Promise<string> {
		const root = folderOf(changes)
		return (await this.write(base, root, "")) ?? (await this.trees.write("", treeObjectBody(new Map())))
	}

	/** The entry at `relative` (a file's, a link's or a folder's) in the tree `tree`; undefined when none. */
	async entryAt(tree: string, relative: string): Promise<Entry | undefined> {
		const names = relative.split("/")
		let folder = tree
		for (const [at, name] of names.entries()) {
			const entry = (await this.read(folder)).entries.get(name)
			if (entry === undefined || at === names.length - 1) return entry
			if (entry.mode !== treeMode) return undefined
			folder = entry.id
		}
		return undefined
	}

	/** The folder `base` (undefined: a new one) with `changes` made; undefined when it ends empty. */
	private async write(
		base: string | undefined,
		changes: FolderChanges,
		folder: string,
	): Promise<string | undefined> {
		const listing = base === undefined ? undefined : await this.read(base)
		const before = listing?.entries ?? new Map<string, Entry>()
		const edits = new Map(changes.files)
		for (const [name, changed] of changes.folders) {
			const was = before.get(name)
			const id = await this.write(
				was?.mode === treeMode ? was.id : undefined,
				changed,
				folder === "" ? name : `${folder}/${name}`,
			)
			if (id !== undefined) edits.set(name, { mode: treeMode, id })
			// A file that took the folder's name stays.
			else if ((edits.has(name) ? edits.get(name) : was)?.mode === treeMode) edits.set(name, undefined)
		}
		if (sizeAfter(before, edits) === 0) return undefined
		const body = listing === undefined ? treeObjectBody(withEdits(before, edits)) : listing.edited(edits)
		return this.trees.write(folder, body)
	}

	/** A tree's entries, from its object (`<mode> <name>\0<binary id>` each). */
	private async read(tree: string): Promise<TreeListing> {
		const known = this.known.get(tree)
		if (known !== undefined) return known
		const object = await this.objects.askFor(`${tree}\n`, objectEnd)
		const header = object.subarray(0, object.indexOf(0x0a)).toString("utf8")
		const [id = "", type, size] = header.split(" ")
		if (type !== "tree") throw new GitError(`the checkpoint's tree ${tree} is missing (${header})`)
		const body = object.subarray(header.length + 1, header.length + 1 + Number(size))
		const listing = TreeListing.parse(Buffer.from(body), id.length / 2)
		this.remember(id, listing)
		return listing
	}

	private remember(id: string, listing: TreeListing): void {
		const size = listing.entries.size
		if (size > knownEntries || this.known.has(id)) return
		this.known.set(id, listing)
		this.knownSize += size
		for (const [oldest, kept] of this.known) {
			if (this.knownSize <= knownEntries) break
			this.known.delete(oldest)
			this.knownSize -= kept.entries.size
		}
	}
}

/** How many entries `entries` holds once `edits` are made. */
function sizeAfter(
	entries: ReadonlyMap<string, Entry>,
	edits: ReadonlyMap<string, Entry | undefined>,
): number {
	let size = entries.size
	for (const [name, entry] of edits) size += (entry === undefined ? 0 : 1) - (entries.has(name) ? 1 : 0)
	return size
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
