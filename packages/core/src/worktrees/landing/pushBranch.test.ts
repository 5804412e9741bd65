import { chmod, mkdir, readdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../../test-support/tempDir.js"
import { makeWorktreeRepository, type WorktreeRepository } from "../../test-support/worktreeRepository.js"
import { gitAt } from "./landingGit.js"
import { openPersonWorkTree } from "./personWorkTree.js"
import { pushSettings } from "./pushBranch.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let repo: WorktreeRepository
let markers: string
let restoreHome: () => void

beforeEach(async () => {
	temp = await makeTempDir("cairn-push-settings-")
	repo = await makeWorktreeRepository(temp.dir, { "a.txt": "one\n" })
	markers = path.join(temp.dir, "markers")
	await mkdir(markers)
	restoreHome = repo.useHome()
})
afterEach(async () => {
	restoreHome()
	await temp.remove()
})

/** A credential helper that leaves a marker named `name` and answers with a password. */
async function helper(name: string): Promise<string> {
	const file = path.join(temp.dir, `helper-${name}`)
	const marker = path.join(markers, name)
	await writeFile(file, `#!/bin/sh\n: > '${marker}'\necho username=pat\necho password=from-${name}\n`)
	await chmod(file, 0o755)
	return file
}

/** What git's credential machinery answers for https://example.com with `settings`. */
async function credentialFor(settings?: [string, string][]): Promise<string> {
	const tree = await openPersonWorkTree(repo.root)
	const git = await gitAt(tree.top, { settings })
	const filled = await git.run(["credential", "fill"], {
		input: "protocol=https\nhost=example.com\n\n",
		okExitCodes: [128],
	})
	return filled.stdout.toString("utf8")
}

describe("how a push the person asked for authenticates", () => {
	it("with the person's own credential helpers (global, and per site as gh sets them up), never the repository's", async () => {
		await writeFile(
			path.join(repo.home, ".gitconfig"),
			[
				"[user]\n\tname = Pat Person\n\temail = pat@example.com",
				`[credential]\n\thelper = ${await helper("global")}`,
				`[credential "https://example.com"]\n\thelper =\n\thelper = ${await helper("per-site")}`,
				"",
			].join("\n"),
		)
		repo.git(repo.root, "config", "credential.helper", await helper("repository"))
		repo.git(
			repo.root,
			"config",
			"credential.https://example.com.helper",
			await helper("repository-site"),
		)

		// Every other git Cairn runs asks no helper at all.
		expect(await credentialFor()).toBe("")
		expect(await readdir(markers)).toEqual([])

		const tree = await openPersonWorkTree(repo.root)
		expect(await credentialFor(await pushSettings(tree))).toContain("password=from-per-site")
		expect(await readdir(markers)).toEqual(["per-site"])
	})
})
