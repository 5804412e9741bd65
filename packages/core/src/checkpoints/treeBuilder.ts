import { GitError } from "../git/gitError.js"
import type { GitSession } from "../git/gitSession.js"

/** One path's entry after a change: its mode and object, or undefined where the path is gone. */
export interface TreeEntryChange {
	/** Workspace-relative, "/"-separated. */
	path: string
	entry: { mode: string; id: string } | undefined
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
 * the index: only the folders on a changed path are read (`cat-file --batch`) and written
 * (`mktree --batch`), both long-lived gits of the repository. Git keeps no empty folder, so a
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
		private readonly trees: GitSession,
	) {}

	/** `base` is a tree, or what names one (`<commit>^{tree}`). */
	async build(base: string, changes: readonly TreeEntryChange[]): Promise<string> {
		const root = folderOf(changes)
		return (await this.write(base, root)) ?? (await this.make(new Map()))
	}

	/** The folder `base` (undefined: a new one) with `changes` made; undefined when it ends empty. */
	private async write(base: string | undefined, changes: FolderChanges): Promise<string | undefined> {
		const entries = base === undefined ? new Map<string, Entry>() : await this.read(base)
		const before = new Map(entries)
		for (const [name, entry] of changes.files) {
			if (entry === undefined) entries.delete(name)
			else entries.set(name, entry)
		}
		for (const [name, folder] of changes.folders) {
			const was = before.get(name)
			const id = await this.write(was?.mode === treeMode ? was.id : undefined, folder)
			if (id !== undefined) entries.set(name, { mode: treeMode, id })
			// A file that took the folder's name stays.
			else if (entries.get(name)?.mode === treeMode) entries.delete(name)
		}
		return entries.size === 0 ? undefined : this.make(entries)
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

	private async make(entries: Map<string, Entry>): Promise<string> {
		const input = [...entries]
			.map(([name, { mode, id }]) => `${mode} ${typeOf(mode)} ${id}\t${name}\0`)
			.join("")
		const [id] = await this.trees.ask(`${input}\0`, 1)
		if (id === undefined || !/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(id))
			throw new GitError(`git mktree did not write a tree: ${id ?? "no answer"}`)
		return id
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

/** The object type a tree entry's mode names: a folder, a nested repository's commit, or a file or link. */
function typeOf(mode: string): string {
	if (mode === treeMode) return "tree"
	return mode === "160000" ? "commit" : "blob"
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
