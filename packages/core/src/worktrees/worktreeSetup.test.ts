import { execFileSync } from "node:child_process"
import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RepositoryConsent } from "../consent/repositoryConsent.js"
import type { KeyValueStore } from "../host/Host.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { RepositoryGit } from "./repositoryGit.js"
import { setUpWorktree } from "./worktreeSetup.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let count = 0
beforeAll(async () => {
	temp = await makeTempDir("cairn-worktree-setup-")
})
afterAll(() => temp.remove())

const memoryState = (): KeyValueStore => {
	const values = new Map<string, unknown>()
	return { get: async (key) => values.get(key), set: async (key, value) => void values.set(key, value) }
}

/** A repository whose worktree.json is `config`, and an empty folder standing for the new worktree. */
async function setUp(config: object) {
	const dir = path.join(temp.dir, `case-${++count}`)
	const root = path.join(dir, "repo")
	const worktree = path.join(dir, "worktree")
	await mkdir(path.join(root, ".cairn"), { recursive: true })
	await mkdir(worktree)
	await writeFile(path.join(root, ".cairn", "worktree.json"), JSON.stringify(config))
	execFileSync("git", ["init", "-q"], { cwd: root })
	execFileSync(
		"git",
		["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x"],
		{
			cwd: root,
		},
	)
	const git = await RepositoryGit.open(root)
	if ("unavailable" in git) throw new Error(git.unavailable)
	return { git, worktree }
}

describe("setting up a new worktree", () => {
	it("says a setup command that could not start failed, and why", async () => {
		const { git, worktree } = await setUp({ setup: "make setup" })
		const report = await setUpWorktree({
			git,
			worktree,
			consent: new RepositoryConsent(memoryState(), async () => true),
			runSetup: async () => {
				throw new Error("no sandbox here")
			},
			env: {},
		})
		expect(report).toMatchObject({
			outcome: "failed",
			message: 'The setup command "make setup" could not run: no sandbox here',
		})
	})

	it("is refused without asking when what its command runs is only known when it runs", async () => {
		const { git, worktree } = await setUp({ setup: "sh $SCRIPT" })
		let asked = false
		const report = await setUpWorktree({
			git,
			worktree,
			consent: new RepositoryConsent(memoryState(), async () => (asked = true)),
			runSetup: async () => ({ exitCode: 0, output: "" }),
			env: {},
		})
		expect(asked).toBe(false)
		expect(report).toMatchObject({
			outcome: "notAllowed",
			message: expect.stringMatching(/only known when they run/),
		})
	})
})
