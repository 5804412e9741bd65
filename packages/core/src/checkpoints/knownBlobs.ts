import {
	sameSignature,
	signatureVouchesForContent,
	type StatSignature,
} from "../context/fileContext/fileFingerprint.js"
import type { TreeEntryChange } from "./treeBuilder.js"

/** What a listing's look at its plain files saw: each one's stat, and when the look began. */
export interface FilesSeen {
	signatures: ReadonlyMap<string, StatSignature>
	/** Date.now() before the first stat. */
	lookedAt: number
	/** The mode of each plain file ("100644", "100755"). */
	plainFiles: ReadonlyMap<string, string>
}

/**
 * The blobs of the files a checkpoint read, by path, with the stat each had. While the index is
 * not written, every checkpoint lists again each file changed since it was (up to 32), and read
 * them all again: a file whose stat is still the one it had when it was read, and whose stat
 * vouches for its bytes (git's "racily clean" rule, see signatureVouchesForContent), keeps its
 * blob, and only the others are read.
 */
export class KnownBlobs {
	private known = new Map<string, { signature: StatSignature; id: string }>()

	/**
	 * The entries of `paths` (plain files the listing saw), those not known read by `read`;
	 * undefined when `read` could not read them as listed. Only these paths stay known.
	 */
	async entries(
		paths: readonly string[],
		seen: FilesSeen,
		read: (paths: readonly string[]) => Promise<TreeEntryChange[] | undefined>,
	): Promise<TreeEntryChange[] | undefined> {
		const kept = new Map<string, { signature: StatSignature; id: string }>()
		const unknown: string[] = []
		for (const relative of paths) {
			const known = this.known.get(relative)
			const now = seen.signatures.get(relative)
			if (known !== undefined && now !== undefined && sameSignature(known.signature, now))
				kept.set(relative, known)
			else unknown.push(relative)
		}
		const fresh = unknown.length > 0 ? await read(unknown) : []
		if (fresh === undefined) return undefined
		const freshByPath = new Map(fresh.map((change) => [change.path, change]))
		for (const change of fresh) {
			const signature = seen.signatures.get(change.path)
			if (
				change.entry !== undefined &&
				signature !== undefined &&
				signatureVouchesForContent(signature, seen.lookedAt)
			)
				kept.set(change.path, { signature, id: change.entry.id })
		}
		this.known = kept
		return paths.map(
			(relative) =>
				freshByPath.get(relative) ?? {
					path: relative,
					entry: {
						mode: seen.plainFiles.get(relative) ?? "100644",
						id: kept.get(relative)?.id ?? "",
					},
				},
		)
	}
}
