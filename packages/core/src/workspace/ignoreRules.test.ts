import { execFileSync } from "node:child_process"
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { CairnIgnore } from "./ignoreRules.js"

const dirs: string[] = []
afterEach(async () => {
	for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})
async function workspaceWith(cairnignore?: string) {
	const dir = await mkdtemp(path.join(tmpdir(), "cairn-ignore-"))
	dirs.push(dir)
	if (cairnignore !== undefined) await writeFile(path.join(dir, ".cairnignore"), cairnignore)
	return dir
}

describe("CairnIgnore", () => {
	it("allows everything when there is no .cairnignore", async () => {
		const rules = await CairnIgnore.load(await workspaceWith())
		expect(rules.isAllowed(".env")).toBe(true)
		expect(rules.source).toBeUndefined()
	})

	it("blocks what the file lists, in gitignore syntax", async () => {
		const rules = await CairnIgnore.load(await workspaceWith(".env\nsecrets/\n*.pem\n!public.pem\n"))
		expect(rules.isAllowed(".env")).toBe(false)
		expect(rules.isAllowed("config/.env")).toBe(false)
		expect(rules.isAllowed("secrets/key.txt")).toBe(false)
		expect(rules.isFolderAllowed("secrets")).toBe(false)
		expect(rules.isAllowed("server.pem")).toBe(false)
		expect(rules.isAllowed("public.pem")).toBe(true)
		expect(rules.isAllowed("src/index.ts")).toBe(true)
	})

	it("does not judge paths outside the workspace or the root itself", async () => {
		const rules = await CairnIgnore.load(await workspaceWith("*\n"))
		expect(rules.isAllowed("../other/file")).toBe(true)
		expect(rules.isAllowed(".")).toBe(true)
		expect(rules.isFolderAllowed(".")).toBe(true)
	})
})

describe("CairnIgnore with a hostile .cairnignore", () => {
	it("never reads (or shows the model) a .cairnignore that links outside the workspace", async () => {
		const dir = await workspaceWith()
		const outside = await mkdtemp(path.join(tmpdir(), "cairn-ignore-outside-"))
		dirs.push(outside)
		await writeFile(path.join(outside, "id_ed25519"), "PRIVATE KEY")
		await symlink(path.join(outside, "id_ed25519"), path.join(dir, ".cairnignore"))
		const rules = await CairnIgnore.load(dir)
		expect(rules.source).toBeUndefined()
		expect(rules.skipped).toEqual([
			".cairnignore is a link to a file outside the workspace; it was not read",
		])
	})

	it.runIf(process.platform !== "win32")("skips a FIFO .cairnignore at once", async () => {
		const dir = await workspaceWith()
		execFileSync("mkfifo", [path.join(dir, ".cairnignore")])
		const rules = await CairnIgnore.load(dir)
		expect(rules.skipped).toEqual([
			".cairnignore is a FIFO (named pipe), not a regular file; it was not read",
		])
	})
})

// Roo Code, Cline and Cursor document their ignore files as gitignore syntax at the workspace's
// root (docs.roocode.com/features/rooignore, docs.cline.bot "clineignore", docs.cursor.com
// "Ignore files").
describe("CairnIgnore with other tools' ignore files", () => {
	it.each([".rooignore", ".clineignore", ".cursorignore"])("blocks what %s lists", async (name) => {
		const dir = await workspaceWith()
		await writeFile(path.join(dir, name), "secrets/\n*.pem\n")
		const rules = await CairnIgnore.load(dir)
		expect(rules.isFolderAllowed("secrets")).toBe(false)
		expect(rules.isAllowed("keys/server.pem")).toBe(false)
		expect(rules.isAllowed("src/index.ts")).toBe(true)
		expect(rules.source).toContain(`# From ${name}`)
	})

	it("blocks a path any file lists: one file's !negation does not open what another closed", async () => {
		const dir = await workspaceWith(".env\n")
		await writeFile(path.join(dir, ".rooignore"), "*.key\n!.env\n")
		await writeFile(path.join(dir, ".cursorignore"), "build/\n")
		const rules = await CairnIgnore.load(dir)
		expect(rules.isAllowed(".env")).toBe(false)
		expect(rules.isAllowed("a.key")).toBe(false)
		expect(rules.isFolderAllowed("build")).toBe(false)
		expect(rules.source).toBe(
			".env\n\n# From .rooignore (Roo Code)\n*.key\n!.env\n\n# From .cursorignore (Cursor)\nbuild/\n",
		)
	})

	it.each([".rooignore", ".clineignore", ".cursorignore"])(
		"never reads (or shows the model) a %s that links outside the workspace",
		async (name) => {
			const dir = await workspaceWith()
			const outside = await mkdtemp(path.join(tmpdir(), "cairn-ignore-outside-"))
			dirs.push(outside)
			await writeFile(path.join(outside, "id_ed25519"), "PRIVATE KEY")
			await symlink(path.join(outside, "id_ed25519"), path.join(dir, name))
			const rules = await CairnIgnore.load(dir)
			expect(rules.source).toBeUndefined()
			expect(rules.skipped).toEqual([
				`${name} is a link to a file outside the workspace; it was not read`,
			])
		},
	)

	it.each([".rooignore", ".clineignore", ".cursorignore"])(
		"honours the beginning of an oversized %s and says the rest was not read",
		async (name) => {
			const dir = await workspaceWith()
			await writeFile(path.join(dir, name), `secrets/\n${"#".repeat(200_000)}\nlate/\n`)
			const rules = await CairnIgnore.load(dir)
			expect(rules.isFolderAllowed("secrets")).toBe(false)
			expect(rules.isFolderAllowed("late")).toBe(true)
			expect(rules.skipped).toEqual([
				`${name} is larger than 100,000 bytes; only its beginning was read`,
			])
			expect(rules.source?.length).toBeLessThan(100_100)
		},
	)
})
