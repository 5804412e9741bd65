import { seededRandom } from "@cairn/types/test-support/random"
import { describe, expect, it } from "vitest"
import { TreeListing, treeMode, treeObjectBody, type Entry } from "./treeListing.js"

/**
 * Names whose order differs by how they are compared: "a.b" sorts before the folder "a" ("a/")
 * but after the file "a"; "～" (U+FF5E) before "😀" as UTF-8 bytes, after it as UTF-16 units.
 */
const names = ["a", "a.b", "a-b", "a0", "b", "m", "top.txt", "z", "é", "～", "😀", "zz", "a b", "A"]

const id = (n: number) => n.toString(16).padStart(40, "0")
const randomEntry = (random: ReturnType<typeof seededRandom>, n: number): Entry =>
	random.pick([
		{ mode: "100644", id: id(n) },
		{ mode: "100755", id: id(n) },
		{ mode: "120000", id: id(n) },
		{ mode: treeMode, id: id(n) },
	])

describe("a tree edited in place of being written again", () => {
	it("gives the bytes of the whole tree written in git's order, over random edits (files that become folders, names past U+D7FF)", () => {
		for (let seed = 1; seed <= 300; seed++) {
			const random = seededRandom(seed)
			// Past U+D7FF in some seeds only: the edit of a plain tree takes the copying path.
			const pool = seed % 3 === 0 ? names : names.filter((name) => !/[\uD800-\uFFFF]/.test(name))
			const entries = new Map<string, Entry>()
			for (let n = random.int(pool.length); n > 0; n--)
				entries.set(random.pick(pool), randomEntry(random, n))
			const listing = TreeListing.parse(treeObjectBody(entries), 20)
			expect(listing.entries).toEqual(entries)
			const edits = new Map<string, Entry | undefined>()
			for (let n = 1 + random.int(5); n > 0; n--)
				edits.set(random.pick(pool), random.int(3) === 0 ? undefined : randomEntry(random, 100 + n))
			const expected = new Map(entries)
			for (const [name, entry] of edits) {
				if (entry === undefined) expected.delete(name)
				else expected.set(name, entry)
			}
			expect(listing.edited(edits).toString("hex"), `seed ${seed}`).toBe(
				treeObjectBody(expected).toString("hex"),
			)
		}
	})

	it("gives the tree's own bytes back when the edits change nothing", () => {
		const entries = new Map<string, Entry>()
		for (let n = 0; n < 1_000; n++) entries.set(`file${n}.txt`, { mode: "100644", id: id(n) })
		const listing = TreeListing.parse(treeObjectBody(entries), 20)
		expect(listing.edited(new Map([["file500.txt", { mode: "100644", id: id(500) }]]))).toBe(listing.body)
		expect(listing.edited(new Map([["absent.txt", undefined]]))).toBe(listing.body)
	})

	it("refuses a name git could not hold rather than writing a tree git would refuse", () => {
		const blob = { mode: "100644", id: "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391" }
		const listing = TreeListing.parse(treeObjectBody(new Map([["a", blob]])), 20)
		for (const name of ["", ".", "..", "a/b", "a\0b"]) {
			expect(() => treeObjectBody(new Map([[name, blob]])), JSON.stringify(name)).toThrow(
				/cannot hold an entry named/,
			)
			expect(() => listing.edited(new Map([[name, blob]])), JSON.stringify(name)).toThrow(
				/cannot hold an entry named/,
			)
		}
	})
})
