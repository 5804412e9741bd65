import { GitError } from "../git/gitError.js"
import type { ShadowGit } from "./shadowGit.js"
import type { TreeEntryChange } from "./treeBuilder.js"
import { readInWorkspace, type ReadEntry } from "./verifiedRead.js"

/**
 * Where the shadow repository's gits cannot be confined (no bubblewrap), git never reads the
 * workspace's files: the host reads each one (see readInWorkspace) and hands git its bytes. These
 * are the two stagings that would otherwise let git read them: into the index, and into a tree.
 */

/** Writes bytes as blobs in the shadow repository; their ids, in order. */
export type BlobWriter = (contents: readonly Buffer[]) => Promise<string[]>

/**
 * Brings the index entries of `paths` up to the files as the host read them. Git records no stat
 * for such an entry, so it would read the file again at each listing to see it unchanged; the
 * refresh records the stat of each file that still holds what its entry names (content that
 * differs is left out, so nothing comes in).
 */
export async function addToIndexAsRead(
	git: ShadowGit,
	workspaceRoot: string,
	paths: readonly string[],
	writeBlobs: BlobWriter,
): Promise<void> {
	const read = await Promise.all(paths.map((relative) => readSettled(workspaceRoot, relative)))
	const contents = read.flatMap((entry) => (entry === "gone" ? [] : [entry.content]))
	const ids = await writeBlobs(contents)
	let next = 0
	const info = paths.map((relative, i) => {
		const entry = read[i]
		if (entry === undefined || entry === "gone") return `0 ${"0".repeat(40)}\t${relative}\0`
		return `${entry.mode} ${ids[next++] ?? ""}\t${relative}\0`
	})
	if (info.length === 0) return
	await git.run(["update-index", "-z", "--index-info"], { input: info.join("") })
	await git.run(["update-index", "-q", "--refresh"], { okExitCodes: [1] })
}

/**
 * The tree entries of `paths` as the host read them, or undefined when one is not the plain file
 * or link the listing saw (`modes`): then only the index can judge.
 */
export async function treeEntriesAsRead(
	workspaceRoot: string,
	paths: readonly string[],
	modes: ReadonlyMap<string, string>,
	writeBlobs: BlobWriter,
): Promise<TreeEntryChange[] | undefined> {
	const read = await Promise.all(paths.map((relative) => readInWorkspace(workspaceRoot, relative)))
	const files: { mode: string; content: Buffer }[] = []
	for (const [i, entry] of read.entries()) {
		if (typeof entry === "string" || entry.mode !== modes.get(paths[i] ?? "")) return undefined
		files.push(entry)
	}
	const ids = await writeBlobs(files.map(({ content }) => content))
	return paths.map((relative, i) => ({
		path: relative,
		entry: { mode: files[i]?.mode ?? "100644", id: ids[i] ?? "" },
	}))
}

/** A path read by the host, asked again while it changes under the read (a few times, then the checkpoint fails). */
async function readSettled(workspaceRoot: string, relative: string): Promise<Exclude<ReadEntry, "changed">> {
	for (let attempt = 1; ; attempt++) {
		const entry = await readInWorkspace(workspaceRoot, relative)
		if (entry !== "changed") return entry
		if (attempt === 3) throw new GitError(`${relative} kept changing while the checkpoint read it`)
	}
}
