import { spawnSync } from "node:child_process"
import { chmod, cp, mkdir, rename, rm, symlink, utimes, writeFile } from "node:fs/promises"
import path from "node:path"
import { seededRandom } from "@cairn/types/test-support/random"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { ShadowRepository } from "./shadowRepository.js"

const seeds = 8
const stepsPerSeed = 40
const sizeLimit = 4096

let scratch: { dir: string; remove(): Promise<void> }
let template: string

function git(cwd: string, ...args: string[]): void {
	const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("GIT_")))
	const result = spawnSync("git", args, {
		cwd,
		env: { ...env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
	})
	if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr.toString()}`)
}

beforeAll(async () => {
	scratch = await makeTempDir("cairn-lister-")
	template = path.join(scratch.dir, "template")
	await mkdir(path.join(template, "src/deep"), { recursive: true })
	await mkdir(path.join(template, "ignored"), { recursive: true })
	await mkdir(path.join(template, "nested"), { recursive: true })
	git(template, "init", "-q")
	git(path.join(template, "nested"), "init", "-q")
	await writeFile(path.join(template, ".gitignore"), "*.log\nignored/\n")
	await writeFile(path.join(template, "a.txt"), "alpha\n")
	await writeFile(path.join(template, "src/x.ts"), "export const x = 1\n")
	await writeFile(path.join(template, "src/deep/z.md"), "# z\n")
	await writeFile(path.join(template, "ignored/cache.txt"), "cache\n")
	await writeFile(path.join(template, "nested/n.txt"), "nested\n")
})

afterAll(async () => {
	await scratch.remove()
})

/**
 * The changes a workspace sees: a tool's writes, a person's edits, a command's folders and
 * renames, files git ignores, a repository made inside, a rule changed, many files at once.
 */
function changes(root: string, random: ReturnType<typeof seededRandom>) {
	const at = (relative: string) => path.join(root, relative)
	const text = () => `${random.int(1_000_000)}\n`.repeat(1 + random.int(3))
	const put = async (relative: string, content: string) => {
		await mkdir(path.dirname(at(relative)), { recursive: true })
		await writeFile(at(relative), content)
	}
	const files = ["a.txt", "b.txt", "src/x.ts", "src/y.ts", "src/deep/z.md", "src/src", "files/f1.txt"]
	return [
		async () => put(random.pick(files), text()),
		async () => put(`files/f${random.int(40)}.txt`, text()),
		async () => rm(at(random.pick(files)), { force: true }),
		async () => put(random.pick(["x.log", "src/y.log", "ignored/more.txt", "nested/n.txt"]), text()),
		async () => put(`fresh${random.int(5)}/deeper/g.txt`, text()),
		async () =>
			rm(at(random.pick(["src/deep", "files", "fresh0", "fresh1"])), { recursive: true, force: true }),
		async () => {
			const now = new Date()
			await utimes(at("a.txt"), now, now).catch(() => undefined)
		},
		async () => chmod(at("src/x.ts"), random.pick([0o755, 0o644])).catch(() => undefined),
		async () => rename(at(random.pick(files)), at(random.pick(files))).catch(() => undefined),
		async () => {
			await rm(at("b.txt"), { force: true })
			await symlink("a.txt", at("b.txt"))
		},
		async () => put("src/big.bin", "x".repeat(random.pick([10, sizeLimit + 10]))),
		async () => put(".gitignore", random.pick(["*.log\nignored/\n", "*.log\nignored/\n*.md\n"])),
		async () => {
			const repository = `repo${random.int(3)}`
			await put(`${repository}/r.txt`, text())
			await mkdir(at(`${repository}/.git`), { recursive: true })
		},
		async () => {
			for (let i = 0; i < 70; i++) await put(`many/m${i}.txt`, text())
		},
		async () => undefined,
	]
}

describe("a checkpoint's listing learned from a watch of the workspace", () => {
	it("gives the tree a whole listing gives, over random changes, running no listing for most", async () => {
		let fromChanges = 0
		for (let seed = 1; seed <= seeds; seed++) {
			const random = seededRandom(seed)
			const root = path.join(scratch.dir, `workspace-${seed}`)
			await cp(template, root, { recursive: true })
			const open = (storage: string, watchWorkspace: boolean) =>
				ShadowRepository.open({
					workspaceRoot: root,
					storageDir: path.join(scratch.dir, `${storage}-${seed}`),
					sizeLimitBytes: sizeLimit,
					watchWorkspace,
				})
			const watched = await open("watched", true)
			const whole = await open("whole", false)
			const steps = changes(root, random)
			const done: number[] = []
			try {
				for (let step = 0; step < stepsPerSeed; step++) {
					// Mostly a tool's writes in the folders there are; the rest now and then.
					const choice = random.int(3) > 0 ? random.int(2) : random.int(steps.length)
					done.push(choice)
					await steps[choice]?.()
					expect(await watched.snapshotTree(), `seed ${seed}, changes ${done.join(",")}`).toBe(
						await whole.snapshotTree(),
					)
				}
			} finally {
				await watched.close()
				await whole.close()
			}
			expect(whole.lister.counts.fromChanges).toBe(0)
			fromChanges += watched.lister.counts.fromChanges
		}
		expect(fromChanges).toBeGreaterThan((seeds * stepsPerSeed) / 2)
	})
})
