import { execFileSync } from "node:child_process"
import { appendFile, mkdir, utimes, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeHostileRepository, type HostileRepository } from "../test-support/hostileGitRepository.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { CairnIgnore } from "../workspace/ignoreRules.js"
import { recentCommits } from "./gitMentions.js"
import { resolveMentions } from "./resolveMentions.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let repo: HostileRepository
let restoreEnvironment: () => void

/** Ignored files whose names git quotes: a tab, a quote, a backslash, a newline. */
const ignoredNames = [
	"secret\tone.txt",
	'secret"two.txt',
	"secret\\three.txt",
	"secret\nfour.txt",
	"private/x\ty.txt",
]
const leakedName = /secret.(one|two|three|four|new)|x.y\.txt/

async function resolve(text: string): Promise<string> {
	const host = { workspaceRoot: repo.root, diagnostics: async () => [] }
	return (await resolveMentions(text, { host, ignore: await CairnIgnore.load(repo.root) })).join("\n\n")
}

beforeAll(async () => {
	temp = await makeTempDir("cairn-git-mentions-")
	repo = await makeHostileRepository(temp.dir, {
		".cairnignore": "secret*\nprivate/\n",
		"keep\tme.txt": "shown tab\n",
		...Object.fromEntries(ignoredNames.map((name) => [name, "TOPSECRET committed\n"])),
	})
	restoreEnvironment = repo.hostileEnvironment()
})

afterAll(async () => {
	restoreEnvironment()
	await temp.remove()
})

describe("git mentions in a repository whose configuration, attributes and environment name programs", () => {
	it("@git-changes runs none of them, tells the changes, and leaves out ignored files whatever their names", async () => {
		await appendFile(path.join(repo.root, "a.txt"), "changed line\n")
		await appendFile(path.join(repo.root, "keep\tme.txt"), "changed tab\n")
		// An unchanged file with a new time: git reads it again, through its clean filter if one may run.
		await utimes(path.join(repo.root, "same.txt"), new Date(2001, 1, 1), new Date(2001, 1, 1))
		for (const name of ignoredNames) await appendFile(path.join(repo.root, name), "TOPSECRET changed\n")
		await writeFile(path.join(repo.root, "secret\tnew.txt"), "TOPSECRET untracked\n")

		const block = await resolve("@git-changes")

		expect(await repo.ran()).toEqual([])
		expect(block).toContain(" M a.txt")
		expect(block).toContain("diff --git a/a.txt b/a.txt")
		expect(block).toContain("+changed line")
		expect(block).toContain(' M "keep\\tme.txt"')
		expect(block).toContain("+changed tab")
		expect(block).not.toContain("TOPSECRET")
		expect(block).not.toMatch(leakedName)
		expect(block).toContain("[6 changed files blocked by .cairnignore are left out]")
		expect(block).not.toContain("\u001b[")
	})

	it("@<commit> runs none of them (nor gpg for the commit's signature) and leaves out ignored files", async () => {
		const first = repo.git("rev-parse", "--short", `${repo.signedCommit}~1`).trim()
		const block = await resolve(`@${first}`)
		expect(await repo.ran()).toEqual([])
		expect(block).toContain("first commit")
		expect(block).toContain("+first line")
		expect(block).toContain(' "keep\\tme.txt" | +1 -0')
		expect(block).toContain("+shown tab")
		expect(block).not.toContain("TOPSECRET")
		expect(block).not.toMatch(leakedName)
		expect(block).toContain("[5 changed files blocked by .cairnignore are left out]")

		const signed = await resolve(`@${repo.signedCommit.slice(0, 10)}`)
		expect(await repo.ran()).toEqual([])
		expect(signed).toContain("signed commit")
		expect(signed).toContain("+signed line")
	})

	it("the mention menu's recent commits run none of them", async () => {
		const commits = await recentCommits(repo.root)
		expect(await repo.ran()).toEqual([])
		expect(commits.map((commit) => commit.subject)).toEqual(["signed commit", "first commit"])
	})
})

describe("git mentions and names git quotes", () => {
	let plain: Awaited<ReturnType<typeof makeTempDir>>
	const git = (...args: string[]) =>
		execFileSync("git", ["-c", "user.name=T", "-c", "user.email=t@t", ...args], {
			cwd: plain.dir,
		}).toString()
	const resolveIn = async (text: string) => {
		const host = { workspaceRoot: plain.dir, diagnostics: async () => [] }
		return (await resolveMentions(text, { host, ignore: await CairnIgnore.load(plain.dir) })).join("\n\n")
	}

	beforeAll(async () => {
		plain = await makeTempDir("cairn-git-names-")
		await writeFile(path.join(plain.dir, ".cairnignore"), "secret*\n")
		await writeFile(path.join(plain.dir, "open.txt"), "open\n")
		for (const name of ignoredNames.filter((name) => !name.includes("/")))
			await writeFile(path.join(plain.dir, name), "TOPSECRET committed\n")
		git("init", "-q", "-b", "main")
		git("add", "-A")
		git("commit", "-q", "-m", "names")
	})
	afterAll(() => plain.remove())

	it("leave ignored files out of @git-changes and @<commit> when their names hold a tab, a quote, a backslash or a newline", async () => {
		for (const name of ignoredNames.filter((name) => !name.includes("/")))
			await appendFile(path.join(plain.dir, name), "TOPSECRET changed\n")
		await appendFile(path.join(plain.dir, "open.txt"), "more\n")
		const changes = await resolveIn("@git-changes")
		expect(changes).toContain("+more")
		expect(changes).not.toContain("TOPSECRET")
		expect(changes).not.toMatch(leakedName)
		const commit = await resolveIn(`@${git("rev-parse", "--short", "HEAD").trim()}`)
		expect(commit).toContain("+open")
		expect(commit).not.toContain("TOPSECRET")
		expect(commit).not.toMatch(leakedName)
	})
})

describe("git mentions in a workspace that is a folder inside its repository", () => {
	it("judge git's repository-relative paths from the workspace, and leave out what lies outside it", async () => {
		const outer = await makeTempDir("cairn-git-subfolder-")
		try {
			const workspace = path.join(outer.dir, "sub")
			const git = (...args: string[]) =>
				execFileSync("git", ["-c", "user.name=T", "-c", "user.email=t@t", ...args], {
					cwd: outer.dir,
				})
			await mkdir(workspace)
			// Anchored: it names sub/secret.txt only when read from the workspace.
			await writeFile(path.join(workspace, ".cairnignore"), "/secret.txt\n")
			for (const file of ["sub/secret.txt", "sub/open.txt", "elsewhere.txt"])
				await writeFile(path.join(outer.dir, file), "before\n")
			git("init", "-q")
			git("add", "-A")
			git("commit", "-q", "-m", "files")
			const added = {
				"sub/secret.txt": "TOPSECRET\n",
				"sub/open.txt": "after\n",
				"elsewhere.txt": "TOPSECRET\n",
			}
			for (const [file, text] of Object.entries(added))
				await appendFile(path.join(outer.dir, file), text)
			const host = { workspaceRoot: workspace, diagnostics: async () => [] }
			const block = (
				await resolveMentions("@git-changes", { host, ignore: await CairnIgnore.load(workspace) })
			).join("")
			expect(block).toContain(" M sub/open.txt")
			expect(block).toContain("+after")
			expect(block).not.toContain("TOPSECRET")
			expect(block).toContain("[1 changed files blocked by .cairnignore are left out]")
			expect(block).toContain("[1 changed files outside the workspace are left out]")
		} finally {
			await outer.remove()
		}
	})
})
