import { spawnSync } from "node:child_process"
import { chmod, cp, mkdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { seededRandom } from "@cairn/types/test-support/random"
import ignore from "ignore"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { recordingLogger } from "../test-support/recordingLogger.js"
import {
	captureTree,
	describeEntry,
	type Entry,
	folderDigest,
	sameEntry,
} from "../test-support/workspaceState.js"
import { CheckpointStore } from "./checkpointStore.js"

/**
 * The promise a restore makes, tested on random histories: after restoring a checkpoint, every
 * file the checkpoint could keep is exactly as it was then (bytes, executable bit, link
 * target, or absent), and every other file (ignored before or after, Cairn's defaults, too
 * large, inside a nested repository) is exactly as it was before the restore. The workspace's
 * own .git never changes. Sequences are seeded: a failure names the seed that reproduces it.
 */
const sequences = 200
const announcedSequences = 100
const operationsPerSequence = 16
const sizeLimit = 4096

const trackedPool = [
	"a.txt",
	"b.txt",
	"src/x.ts",
	"src/y.ts",
	"src/deep/z.md",
	"docs/guide.md",
	"run.sh",
	"img.bin",
]
const ignoredPool = ["x.log", "ignored-dir/cache.txt", ".env", "node_modules/pkg/index.js"]
const nestedPool = ["nested/n.txt", "nested/sub/m.txt"]
const baseGitignore = "*.log\nignored-dir/\n"

let template: string
let outside: string
let scratch: { dir: string; remove(): Promise<void> }

function git(cwd: string, ...args: string[]): void {
	const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("GIT_")))
	const result = spawnSync("git", args, {
		cwd,
		env: {
			...env,
			GIT_CONFIG_NOSYSTEM: "1",
			GIT_CONFIG_GLOBAL: "/dev/null",
			GIT_AUTHOR_NAME: "t",
			GIT_AUTHOR_EMAIL: "t@t",
			GIT_COMMITTER_NAME: "t",
			GIT_COMMITTER_EMAIL: "t@t",
		},
	})
	if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr.toString()}`)
}

beforeAll(async () => {
	scratch = await makeTempDir("cairn-ckpt-prop-")
	outside = path.join(scratch.dir, "outside")
	await mkdir(outside)
	await writeFile(path.join(outside, "secret.txt"), "outside the workspace\n")
	// The person's repository: commits, a staged change, an untracked file, and a nested repository.
	template = path.join(scratch.dir, "template")
	await mkdir(path.join(template, "src"), { recursive: true })
	git(template, "init", "-q")
	await writeFile(path.join(template, ".gitignore"), baseGitignore)
	await writeFile(path.join(template, "a.txt"), "alpha\n")
	await writeFile(path.join(template, "src/x.ts"), "export const x = 1\n")
	git(template, "add", "-A")
	git(template, "commit", "-q", "-m", "first")
	await writeFile(path.join(template, "a.txt"), "alpha staged\n")
	git(template, "add", "a.txt")
	await writeFile(path.join(template, "b.txt"), "untracked by the person\n")
	await writeFile(path.join(template, "x.log"), "a log line\n")
	await mkdir(path.join(template, "nested"))
	git(path.join(template, "nested"), "init", "-q")
	await writeFile(path.join(template, "nested/n.txt"), "nested\n")
})

afterAll(async () => {
	await scratch.remove()
})

/** Whether a restore may change `relative`: the rules, as the test states them independently of the code. */
function restorable(relative: string, pre: Map<string, Entry>, snapshot: Map<string, Entry>): boolean {
	if (relative.startsWith("nested/") || relative === ".env" || relative.startsWith("node_modules/"))
		return false
	const rulesOf = (state: Map<string, Entry>) => {
		const gitignore = state.get(".gitignore")
		return ignore().add(gitignore?.kind === "file" ? gitignore.content.toString("utf8") : "")
	}
	if (rulesOf(pre).ignores(relative) || rulesOf(snapshot).ignores(relative)) return false
	const tooLarge = (entry: Entry | undefined) => entry?.kind === "file" && entry.content.length > sizeLimit
	return !tooLarge(pre.get(relative)) && !tooLarge(snapshot.get(relative))
}

async function runSequence(seed: number, announced: boolean): Promise<void> {
	const random = seededRandom(seed)
	const root = path.join(scratch.dir, `seq-${seed}`)
	const storage = path.join(scratch.dir, `storage-${seed}`)
	await cp(template, path.join(root), { recursive: true, verbatimSymlinks: true })
	const gitDigest = await folderDigest(path.join(root, ".git"))
	const store = await CheckpointStore.open({
		workspaceRoot: root,
		storageDir: storage,
		sizeLimitBytes: sizeLimit,
		logger: recordingLogger(),
	})
	const capture = () => captureTree(root, (relative) => relative === ".git" || relative === "nested/.git")
	const checkpoints: { commit: string; state: Map<string, Entry> }[] = []
	const log: string[] = []
	const file = (relative: string) => path.join(root, relative)
	const put = async (relative: string, content: string | Buffer) => {
		await mkdir(path.dirname(file(relative)), { recursive: true })
		await rm(file(relative), { force: true })
		await writeFile(file(relative), content)
	}
	const text = () => random.pick(["one\n", "two\r\nlines\r\n", "", "no newline", `n${random.int(1000)}\n`])
	const bytes = (length: number) => Buffer.from(Array.from({ length }, () => random.int(256)))

	/** One change to the workspace: the paths it touches, known before it runs, as a tool knows its own. */
	const planChange = (choice: number, state: Map<string, Entry>) => {
		const existing = trackedPool.filter((p) => state.has(p))
		const plan = (touched: string[], note: string, run: () => Promise<unknown>) => ({
			touched,
			note,
			run,
		})
		if (choice <= 2) {
			const target = random.pick(trackedPool)
			const content = target === "img.bin" ? bytes(1 + random.int(300)) : text()
			return plan([target], `write ${target}`, () => put(target, content))
		} else if (choice === 3 && existing.length > 0) {
			const target = random.pick(existing)
			return plan([target], `delete ${target}`, () => rm(file(target), { force: true }))
		} else if (choice === 4 && existing.length > 0) {
			const from = random.pick(existing)
			const to = random.pick(trackedPool.filter((p) => !state.has(p)))
			if (to === undefined) return undefined
			return plan([from, to], `rename ${from} ${to}`, async () => {
				await mkdir(path.dirname(file(to)), { recursive: true })
				await rename(file(from), file(to))
			})
		} else if (choice === 5 && state.get("run.sh")?.kind === "file") {
			const executable = random.int(2) === 1
			return plan(["run.sh"], `chmod run.sh ${executable}`, () =>
				chmod(file("run.sh"), executable ? 0o755 : 0o644),
			)
		} else if (choice === 6) {
			const folder = random.pick(["empty1", "src/empty2"])
			return plan([folder], "mkdir", () => mkdir(file(folder), { recursive: true }))
		} else if (choice === 7) {
			const target = random.pick(["a.txt", "src/x.ts", path.join(outside, "secret.txt"), "missing"])
			const linked = random.int(4) > 0
			return plan(["link"], linked ? `link -> ${target}` : "unlink", async () => {
				await rm(file("link"), { force: true })
				if (linked) await symlink(target, file("link"))
			})
		} else if (choice === 8) {
			const target = random.pick(ignoredPool)
			const content = text()
			return plan([target], `write ignored ${target}`, () => put(target, content))
		} else if (choice === 9) {
			const target = random.pick(nestedPool)
			const content = text()
			return plan([target], `write nested ${target}`, () => put(target, content))
		} else if (choice === 10 || choice === 13) {
			const size = random.pick([sizeLimit + 1 + random.int(2000), random.int(sizeLimit)])
			const content = bytes(size)
			return plan(["big.dat"], `big.dat ${size} bytes`, () => put("big.dat", content))
		} else if (choice === 11) {
			return plan([".gitignore"], "gitignore docs/", async () => {
				const current = (
					await readFile(file(".gitignore"), "utf8").catch(() => baseGitignore)
				).includes("docs/")
				await put(".gitignore", current ? baseGitignore : `${baseGitignore}docs/\n`)
			})
		}
		return undefined
	}
	const absolute = (touched: readonly string[]) => touched.map(file)

	for (let step = 0; step < operationsPerSequence; step++) {
		const choice = random.int(15)
		const change = choice <= 11 || choice === 13 ? planChange(choice, await capture()) : undefined
		if (change !== undefined) {
			await change.run()
			log.push(change.note)
		} else if (announced && (choice === 12 || checkpoints.length === 0)) {
			// A turn: the checkpoint before its first change, staged behind the changes it announces.
			const changes = Array.from({ length: 1 + random.int(3) }, () => random.int(12))
			const first = planChange(changes[0] ?? 0, await capture())
			const save = store.begin("task", `checkpoint ${step}`, first && absolute(first.touched))
			await save.staged
			const state = await capture()
			log.push(`checkpoint ${checkpoints.length} announcing`)
			for (const [index, next] of changes.entries()) {
				const later = index === 0 ? first : planChange(next, await capture())
				if (later === undefined) continue
				if (index > 0) await store.protect(absolute(later.touched))
				await later.run()
				log.push(later.note)
			}
			checkpoints.push({ commit: await save.saved, state })
		} else if (choice === 12 || checkpoints.length === 0) {
			checkpoints.push({
				commit: await store.save("task", `checkpoint ${step}`),
				state: await capture(),
			})
			log.push(`checkpoint ${checkpoints.length - 1}`)
		} else {
			const index = random.int(checkpoints.length)
			const checkpoint = checkpoints[index]
			if (checkpoint === undefined) continue
			log.push(`restore ${index}`)
			const pre = await capture()
			await store.restore("task", checkpoint.commit)
			const post = await capture()
			for (const relative of new Set([...pre.keys(), ...checkpoint.state.keys(), ...post.keys()])) {
				const expected = restorable(relative, pre, checkpoint.state)
					? checkpoint.state.get(relative)
					: pre.get(relative)
				const actual = post.get(relative)
				if (!sameEntry(expected, actual))
					throw new Error(
						`seed ${seed}: after ${log.join("; ")}\n${relative} is ${describeEntry(actual)}, expected ${describeEntry(expected)}`,
					)
			}
		}
	}
	expect(await folderDigest(path.join(root, ".git")), `seed ${seed}: the workspace's .git changed`).toBe(
		gitDigest,
	)
	await rm(root, { recursive: true, force: true })
	await rm(storage, { recursive: true, force: true })
}

describe("restoring a checkpoint, over random histories", () => {
	it(`gives back exactly the files checkpoints keep, leaves every other file and the .git alone (${sequences} seeded sequences)`, async () => {
		for (let seed = 1; seed <= sequences; seed++) await runSequence(seed, false)
	}, 600_000)

	it(`gives back each checkpoint as it was when a change that named its files was let through, however far its staging fell behind (${announcedSequences} seeded sequences)`, async () => {
		for (let seed = 1; seed <= announcedSequences; seed++) await runSequence(seed, true)
	}, 600_000)
})
