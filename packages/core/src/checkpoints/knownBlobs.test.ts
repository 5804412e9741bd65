import { describe, expect, it } from "vitest"
import type { StatSignature } from "../context/fileContext/fileFingerprint.js"
import { KnownBlobs, type FilesSeen } from "./knownBlobs.js"
import type { TreeEntryChange } from "./treeBuilder.js"

/** Stamps with a fraction of a millisecond: a file system that keeps them finely (100 ms margin). */
const stat = (changedAt: number, size = 5): StatSignature => ({
	size,
	mtimeMs: changedAt + 0.25,
	ctimeMs: changedAt + 0.25,
	ino: 7,
})

function seen(files: Record<string, StatSignature>, lookedAt: number): FilesSeen {
	return {
		signatures: new Map(Object.entries(files)),
		lookedAt,
		plainFiles: new Map(Object.keys(files).map((relative) => [relative, "100644"])),
	}
}

/** A reader that names each blob by the path and how many times it was read. */
function reader() {
	const reads: string[][] = []
	const counts = new Map<string, number>()
	const read = async (paths: readonly string[]): Promise<TreeEntryChange[]> => {
		reads.push([...paths])
		return paths.map((relative) => {
			counts.set(relative, (counts.get(relative) ?? 0) + 1)
			return { path: relative, entry: { mode: "100644", id: `${relative}#${counts.get(relative)}` } }
		})
	}
	return { read, reads }
}

describe("KnownBlobs", () => {
	it("reads a file again only once its stat changed, while the stat it was read at vouches for its bytes", async () => {
		const blobs = new KnownBlobs()
		const { read, reads } = reader()
		const first = await blobs.entries(["a", "b"], seen({ a: stat(1_000), b: stat(1_000) }, 5_000), read)
		expect(first?.map((change) => change.entry?.id)).toEqual(["a#1", "b#1"])
		const second = await blobs.entries(
			["a", "b"],
			seen({ a: stat(1_000), b: stat(4_000, 9) }, 6_000),
			read,
		)
		expect(second?.map((change) => change.entry?.id)).toEqual(["a#1", "b#2"])
		expect(reads).toEqual([["a", "b"], ["b"]])
	})

	it("reads again at every checkpoint a file changed within a tick of the look (racily clean)", async () => {
		const blobs = new KnownBlobs()
		const { read, reads } = reader()
		await blobs.entries(["a"], seen({ a: stat(4_950) }, 5_000), read)
		await blobs.entries(["a"], seen({ a: stat(4_950) }, 5_010), read)
		await blobs.entries(["a"], seen({ a: stat(4_950) }, 5_200), read)
		// Read at 5,200 the stat vouches: the bytes read then are the file's for as long as it stays.
		await blobs.entries(["a"], seen({ a: stat(4_950) }, 5_300), read)
		expect(reads).toEqual([["a"], ["a"], ["a"]])
	})

	it("forgets the files a checkpoint did not list, and what a failed read would have told", async () => {
		const blobs = new KnownBlobs()
		const { read, reads } = reader()
		await blobs.entries(["a", "b"], seen({ a: stat(1_000), b: stat(1_000) }, 5_000), read)
		await blobs.entries(["a"], seen({ a: stat(1_000) }, 5_000), read)
		expect(
			await blobs.entries(
				["a", "c"],
				seen({ a: stat(1_000), c: stat(1_000) }, 5_000),
				async () => undefined,
			),
		).toBe(undefined)
		await blobs.entries(["a", "b"], seen({ a: stat(1_000), b: stat(1_000) }, 5_000), read)
		expect(reads).toEqual([["a", "b"], ["b"]])
	})
})
