import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises"
import { homedir } from "node:os"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { NodeHost } from "../host/node/NodeHost.js"
import { runIn, sandboxPolicyFor, sandboxTestHost } from "../test-support/sandboxedRun.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { createdProtectedFailure, sandboxFailure } from "./sandboxFailure.js"
import { probeSandbox } from "./sandboxProbe.js"

const availability = await probeSandbox("bwrap")
const why = availability.available ? "" : ` (skipped: ${availability.reason})`

let temp: Awaited<ReturnType<typeof makeTempDir>>
let workspace: string
let host: NodeHost
beforeEach(async () => {
	temp = await makeTempDir("cairn-sandbox-protected-")
	workspace = path.join(temp.dir, "workspace")
	await mkdir(workspace)
	host = sandboxTestHost({ workspaceRoot: workspace, storageDir: path.join(temp.dir, "storage") })
})
afterEach(() => temp.remove())

const git = (...args: string[]) => execFileSync("git", args, { cwd: workspace, encoding: "utf8" })

async function gitRepository(): Promise<void> {
	git("init", "-q")
	git("config", "user.name", "Person")
	git("config", "user.email", "person@example.com")
	await writeFile(path.join(workspace, "readme.txt"), "hello\n")
	git("add", "readme.txt")
	git("commit", "-qm", "first")
}

async function sandboxed(command: string) {
	const sandbox = await sandboxPolicyFor(host)
	const result = await runIn(host, command, sandbox)
	const created = createdProtectedFailure(result.exit.createdProtected ?? [], sandbox)
	return { ...result, failure: created ?? sandboxFailure(result.output, sandbox, workspace) }
}

describe.skipIf(!availability.available)(`protected paths in the sandbox${why}`, () => {
	it("cannot change .git/config (a filter driver, fsmonitor) or a hook, and says the path is protected", async () => {
		await gitRepository()
		const config = await readFile(path.join(workspace, ".git/config"), "utf8")
		const result = await sandboxed(
			"printf '[filter \"x\"]\\n\\tclean = touch pwned\\n' >> .git/config; git config core.fsmonitor 'touch pwned'; echo 'touch pwned' > .git/hooks/pre-commit",
		)
		expect(await readFile(path.join(workspace, ".git/config"), "utf8")).toBe(config)
		expect(existsSync(path.join(workspace, ".git/hooks/pre-commit"))).toBe(false)
		expect(result.exit.exitCode).not.toBe(0)
		expect(result.failure).toMatch(/\.git\/(config|hooks), which is protected/)
	})

	it("cannot move .git aside and put a planted one in its place", async () => {
		await gitRepository()
		const result = await sandboxed(
			"mv .git .git-old && mkdir -p .git/hooks && echo 'touch pwned' > .git/hooks/pre-commit",
		)
		expect(existsSync(path.join(workspace, ".git-old"))).toBe(false)
		expect(existsSync(path.join(workspace, ".git/hooks/pre-commit"))).toBe(false)
		expect(result.failure).toMatch(/\.git, which is protected/)
	})

	it("cannot unpack a hook into .git/hooks with tar", async () => {
		await gitRepository()
		const evil = path.join(temp.dir, "evil")
		await mkdir(path.join(evil, ".git/hooks"), { recursive: true })
		await writeFile(path.join(evil, ".git/hooks/pre-commit"), "#!/bin/sh\ntouch pwned\n", { mode: 0o755 })
		execFileSync("tar", ["cf", path.join(workspace, "evil.tar"), "-C", evil, ".git/hooks/pre-commit"])
		const result = await sandboxed("tar xf evil.tar")
		expect(existsSync(path.join(workspace, ".git/hooks/pre-commit"))).toBe(false)
		expect(result.exit.exitCode).not.toBe(0)
		expect(result.failure).toMatch(/\.git\/hooks.*protected/)
	})

	it("cannot make .cairn/hooks.json or .vscode/tasks.json where none existed; .gitattributes, AGENTS.md made there are moved out and fail it", async () => {
		await gitRepository()
		const result = await sandboxed(
			[
				"echo '* filter=x' > .gitattributes",
				"mkdir -p .cairn && echo '{}' > .cairn/hooks.json",
				"mkdir -p .vscode && echo '{}' > .vscode/tasks.json",
				"echo 'obey' > AGENTS.md",
				"echo 'secrets' > .cairnignore",
			].join("; "),
		)
		expect(
			result.exit.createdProtected?.map((created) => path.relative(workspace, created)).sort(),
		).toEqual([".cairnignore", ".gitattributes", "AGENTS.md"])
		expect(result.failure).toMatch(/created .*\.gitattributes.*, which is protected/)
		// Kept, not deleted: a person's own write may have landed there while the command ran.
		const quarantine = path.join(temp.dir, "storage", "sandbox-quarantine")
		const [moved] = await readdir(quarantine)
		expect(await readFile(path.join(quarantine, moved ?? "", "AGENTS.md"), "utf8")).toBe("obey\n")
		expect(result.output).toMatch(/\.cairn.*read-only file system/i)
		for (const name of [
			".gitattributes",
			".cairn",
			".vscode",
			"AGENTS.md",
			".cairnignore",
			".gitmodules",
			".orchestration",
		])
			expect(existsSync(path.join(workspace, name)), name).toBe(false)
		for (const name of ["modules", "worktrees"])
			expect(existsSync(path.join(workspace, ".git", name)), name).toBe(false)
		expect(git("status", "--porcelain")).toBe("")
	})

	it("cannot change what exists in .cairn and .vscode, nor move them aside", async () => {
		await mkdir(path.join(workspace, ".cairn"))
		await mkdir(path.join(workspace, ".vscode"))
		await writeFile(path.join(workspace, ".cairn/hooks.json"), "{}\n")
		await writeFile(path.join(workspace, ".vscode/settings.json"), "{}\n")
		const result = await sandboxed(
			"echo planted > .cairn/hooks.json; echo planted > .vscode/settings.json; mv .cairn cairn-old; rm -rf .vscode",
		)
		expect(await readFile(path.join(workspace, ".cairn/hooks.json"), "utf8")).toBe("{}\n")
		expect(await readFile(path.join(workspace, ".vscode/settings.json"), "utf8")).toBe("{}\n")
		expect(existsSync(path.join(workspace, "cairn-old"))).toBe(false)
		expect(result.failure).toMatch(/protected/)
	})

	it("cannot change a nested repository's config or a workspace file in a subfolder", async () => {
		await mkdir(path.join(workspace, "vendor/lib"), { recursive: true })
		execFileSync("git", ["init", "-q"], { cwd: path.join(workspace, "vendor/lib") })
		await mkdir(path.join(workspace, "tools"))
		await writeFile(path.join(workspace, "tools/team.code-workspace"), "{}\n")
		const config = await readFile(path.join(workspace, "vendor/lib/.git/config"), "utf8")
		const result = await sandboxed(
			"echo '[core] fsmonitor = touch pwned' >> vendor/lib/.git/config; echo planted > tools/team.code-workspace",
		)
		expect(await readFile(path.join(workspace, "vendor/lib/.git/config"), "utf8")).toBe(config)
		expect(await readFile(path.join(workspace, "tools/team.code-workspace"), "utf8")).toBe("{}\n")
		expect(result.failure).toMatch(/protected/)
	})

	it("shows no hidden credential store again through a protected name that links to it", async () => {
		const home = await mkdtemp(path.join(homedir(), ".cairn-sandbox-test-"))
		try {
			await mkdir(path.join(home, ".ssh"))
			await writeFile(path.join(home, ".ssh/id_ed25519"), "ssh-secret")
			await symlink(path.join(home, ".ssh"), path.join(workspace, ".cairn"))
			const linked = sandboxTestHost({
				workspaceRoot: workspace,
				storageDir: path.join(temp.dir, "storage"),
				homeDir: home,
			})
			const result = await runIn(linked, "cat .cairn/id_ed25519", await sandboxPolicyFor(linked))
			expect(result.output).not.toContain("ssh-secret")
		} finally {
			await rm(home, { recursive: true, force: true })
		}
	})

	it("still runs git status, add and commit in the workspace's repository", async () => {
		await gitRepository()
		const result = await sandboxed(
			"echo more > more.txt && git add more.txt && git commit -qm second && git status --short && git log --oneline | wc -l",
		)
		expect(result.exit.exitCode).toBe(0)
		expect(result.output.trim()).toBe("2")
		expect(git("log", "-1", "--format=%s")).toBe("second\n")
	})
})
