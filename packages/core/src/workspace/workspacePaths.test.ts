import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { resolveWorkspacePath } from "./workspacePaths.js"

let sandbox: string
let workspace: string
let outside: string

beforeAll(async () => {
	sandbox = await mkdtemp(path.join(tmpdir(), "cairn-paths-"))
	workspace = path.join(sandbox, "ws")
	outside = path.join(sandbox, "elsewhere")
	await mkdir(path.join(workspace, "src"), { recursive: true })
	await mkdir(outside)
	await writeFile(path.join(workspace, "src", "a.ts"), "a")
	await writeFile(path.join(outside, "secret.txt"), "s")
	await symlink(outside, path.join(workspace, "link-out"))
	await symlink(path.join(outside, "secret.txt"), path.join(workspace, "secret-link.txt"))
	await symlink(path.join(workspace, "src"), path.join(workspace, "link-in"))
})
afterAll(() => rm(sandbox, { recursive: true, force: true }))

const resolve = async (requested: string) => {
	const result = await resolveWorkspacePath(workspace, requested)
	if (!result.ok) throw new Error(result.error)
	return result.path
}

describe("resolveWorkspacePath", () => {
	it("resolves a relative path inside the workspace", async () => {
		expect(await resolve("src/a.ts")).toMatchObject({ relative: "src/a.ts", isOutsideWorkspace: false })
	})

	it("resolves a file that does not exist yet", async () => {
		expect(await resolve("src/new/deep/file.ts")).toMatchObject({
			relative: "src/new/deep/file.ts",
			isOutsideWorkspace: false,
		})
	})

	it("marks `..` that leaves the workspace as outside", async () => {
		expect(await resolve("../elsewhere/secret.txt")).toMatchObject({
			isOutsideWorkspace: true,
			relative: "../elsewhere/secret.txt",
		})
		expect(await resolve("src/../../ws/src/a.ts")).toMatchObject({
			isOutsideWorkspace: false,
			relative: "src/a.ts",
		})
	})

	it("keeps names that only begin with two dots inside", async () => {
		for (const name of ["..foo", "...", "..bar/x"]) {
			const result = await resolveWorkspacePath(workspace, name)
			expect(result).toMatchObject({ ok: true, path: { relative: name, isOutsideWorkspace: false } })
		}
	})

	it("marks an absolute path outside the workspace as outside", async () => {
		expect((await resolve("/etc/passwd")).isOutsideWorkspace).toBe(true)
	})

	it("follows a symlinked folder out of the workspace, also for files that do not exist yet", async () => {
		expect((await resolve("link-out/secret.txt")).isOutsideWorkspace).toBe(true)
		expect((await resolve("link-out/new-file.txt")).isOutsideWorkspace).toBe(true)
	})

	it("follows a symlinked file out of the workspace", async () => {
		expect((await resolve("secret-link.txt")).isOutsideWorkspace).toBe(true)
	})

	it("accepts a symlink that stays inside", async () => {
		expect(await resolve("link-in/a.ts")).toMatchObject({
			relative: "src/a.ts",
			isOutsideWorkspace: false,
		})
	})

	it("refuses an empty path or one with a NUL byte", async () => {
		expect(await resolveWorkspacePath(workspace, "  ")).toEqual({ ok: false, error: "the path is empty" })
		expect(await resolveWorkspacePath(workspace, "a\0b")).toMatchObject({ ok: false })
	})
})
