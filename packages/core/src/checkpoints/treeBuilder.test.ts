import { spawnSync } from "node:child_process"
import path from "node:path"
import { seededRandom } from "@cairn/types/test-support/random"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { HardenedGit } from "../git/hardenedGit.js"
import { childGits } from "../test-support/childGits.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { LooseObjects, looseTrees } from "./looseObjects.js"
import { TreeBuilder, type TreeEntryChange } from "./treeBuilder.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let gitDir: string

/** Plain git against the test's repository, for the expected trees (never the code under test). */
function git(input: string, ...args: string[]): string {
	const result = spawnSync("git", [`--git-dir=${gitDir}`, ...args], {
		input,
		env: { ...process.env, GIT_INDEX_FILE: path.join(temp.dir, "expected-index") },
	})
	if (result.status !== 0) throw new Error(result.stderr.toString())
	return result.stdout.toString().trim()
}

beforeAll(async () => {
	temp = await makeTempDir("cairn-tree-builder-")
	gitDir = path.join(temp.dir, "git")
	spawnSync("git", ["init", "--quiet", "--bare", gitDir])
})
afterAll(async () => {
	await temp.remove()
})

/**
 * Paths that clash as files and folders ("a" and "a/b"), deep and shallow, links and executables,
 * and names whose order differs by how they are compared: "a.b" sorts before the folder "a" ("a/")
 * but after the file "a"; "～" (U+FF5E) before "😀" as UTF-8 bytes, after it as UTF-16 units.
 */
const pool = [
	"a",
	"a/b",
	"a/c/d",
	"a/c/e",
	"a.b",
	"a-b/c",
	"a0",
	"x/y/z",
	"x/y",
	"x/w",
	"m/n",
	"top.txt",
	"run.sh",
	"link",
	"é/～",
	"é/😀",
	"é/z",
]
const modeOf = (relative: string) =>
	relative === "run.sh" ? "100755" : relative === "link" ? "120000" : "100644"

/** The tree write-tree gives for exactly these entries. */
function expectedTree(entries: Map<string, string>): string {
	git("", "read-tree", "--empty")
	const info = [...entries].map(([relative, blob]) => `${modeOf(relative)} ${blob}\t${relative}\0`).join("")
	if (info.length > 0) git(info, "update-index", "-z", "--index-info")
	return git("", "write-tree")
}

describe.runIf(process.platform === "linux")("building a checkpoint's tree from the one before it", () => {
	it("gives the tree write-tree gives for the same entries, over random changes (files that become folders and back, folders left empty)", async () => {
		const own = HardenedGit.forOwn({ gitDir, workTree: temp.dir, timeoutMs: 60_000 })
		const builder = new TreeBuilder(
			own.session(["cat-file", "--batch"]),
			looseTrees(new LooseObjects(path.join(gitDir, "objects"), "sha1")),
		)
		for (let seed = 1; seed <= 20; seed++) {
			const random = seededRandom(seed)
			const entries = new Map<string, string>()
			let tree = expectedTree(entries)
			for (let step = 0; step < 12; step++) {
				const changes: TreeEntryChange[] = []
				for (let n = 1 + random.int(4); n > 0; n--) {
					const target = random.pick(pool)
					// A file the listing says is gone.
					const gone = random.int(4) === 0 ? random.pick([...entries.keys()]) : undefined
					if (gone !== undefined) {
						entries.delete(gone)
						changes.push({ path: gone, entry: undefined })
						continue
					}
					// What the listing reports when a path takes another's place: the clashing entries go.
					for (const other of [...entries.keys()])
						if (other.startsWith(`${target}/`) || target.startsWith(`${other}/`)) {
							entries.delete(other)
							changes.push({ path: other, entry: undefined })
						}
					const blob = git(`${seed} ${step} ${n} ${target}\n`, "hash-object", "-w", "--stdin")
					entries.set(target, blob)
					changes.push({ path: target, entry: { mode: modeOf(target), id: blob } })
				}
				const built = await builder.build(tree, changes)
				tree = expectedTree(entries)
				expect(built, `seed ${seed}, step ${step}`).toBe(tree)
			}
		}
		// Every object written is one git reads and its strictest check accepts.
		git("", "fsck", "--strict", "--no-dangling")
		expect(await childGits()).toBe(1)
	}, 120_000)
})
