import { execFileSync } from "node:child_process"
import { mkdir, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { callTool } from "../test-support/callTool.js"
import {
	createTestToolContext,
	type TestToolContext,
	type TestToolContextOptions,
} from "../test-support/toolContext.js"
import { readFileTool } from "./readFile.js"

let t: TestToolContext
const setup = async (options: TestToolContextOptions = {}) => (t = await createTestToolContext(options))
afterEach(() => t?.cleanup())

const read = (input: unknown) => callTool(readFileTool, input, t.context)
const lines = (n: number, prefix = "line") =>
	Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`).join("\n")

describe("read_file", () => {
	it("returns the file with line numbers and asks a read approval", async () => {
		await setup({ files: { "src/a.ts": "const a = 1\n\nexport { a }\n" } })
		const result = await read({ path: "src/a.ts" })
		expect(result.isError).toBeUndefined()
		expect(result.text).toBe("1 | const a = 1\n2 | \n3 | export { a }")
		expect(t.approvals).toEqual([
			{
				kind: "read",
				isOutsideWorkspace: false,
				row: { tool: "readFile", path: "src/a.ts", isOutsideWorkspace: false, reason: undefined },
			},
		])
	})

	it("reads a range, padding numbers to one width", async () => {
		await setup({ files: { "f.txt": lines(120) } })
		const result = await read({ path: "f.txt", start_line: 8, end_line: 11 })
		expect(result.text).toBe(
			" 8 | line 8\n 9 | line 9\n10 | line 10\n11 | line 11\n\n[Showing lines 8-11 of 120.]",
		)
		expect(t.approvals[0]).toMatchObject({ row: { reason: "lines 8-11" } })
	})

	it("reads CRLF files without stray carriage returns", async () => {
		await setup({ files: { "w.txt": "one\r\ntwo\r\n" } })
		expect((await read({ path: "w.txt" })).text).toBe("1 | one\n2 | two")
	})

	it("caps a long file at 2,000 lines and says how to read on", async () => {
		await setup({ files: { "big.txt": lines(5000) } })
		const result = await read({ path: "big.txt" })
		const shown = result.text.split("\n").filter((l) => / \| /.test(l))
		expect(shown).toHaveLength(2000)
		expect(result.text).toContain("[Showing lines 1-2000 of 5000")
		expect(result.text).toContain("start_line 2001")
		const next = await read({ path: "big.txt", start_line: 4990 })
		expect(next.text.split("\n")[0]).toBe("4990 | line 4990")
		expect(next.text).not.toContain("Showing lines 4990-5000 of 5000: the rest")
	})

	it("caps by size too, and cuts one enormous line", async () => {
		const wide = Array.from({ length: 200 }, (_, i) => `${i}:${"x".repeat(1000)}`).join("\n")
		await setup({ files: { "wide.txt": wide, "min.js": "y".repeat(2_000_000) } })
		const result = await read({ path: "wide.txt" })
		expect(result.text.length).toBeLessThan(110_000)
		expect(result.text).toMatch(/\[Showing lines 1-9\d of 200/)
		const minified = await read({ path: "min.js" })
		expect(minified.text.length).toBeLessThan(6_000)
		expect(minified.text).toContain("[line cut: 1995000 more characters]")
	})

	it("refuses binary files: NUL bytes or bytes that are not UTF-8", async () => {
		await setup()
		await writeFile(
			path.join(t.workspace, "img.png"),
			Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]),
		)
		await writeFile(path.join(t.workspace, "latin1.txt"), Buffer.from("caf\xe9 cr\xe8me", "latin1"))
		for (const file of ["img.png", "latin1.txt"]) {
			const result = await read({ path: file })
			expect(result.isError).toBe(true)
			expect(result.text).toMatch(/binary file .* not UTF-8 text/)
		}
		// The read is approved before the file is looked at: even "binary" is something about it.
		expect(t.approvals.map((a) => a.kind)).toEqual(["read", "read"])
	})

	it("reads UTF-8 whose multibyte character straddles the 8 KB sniffing window", async () => {
		// "€" is 3 bytes and starts at byte 8191, so the 8 KB sample ends inside it.
		await setup({ files: { "utf.txt": `${`${"a".repeat(99)}\n`.repeat(81)}${"a".repeat(91)}€ end` } })
		const result = await read({ path: "utf.txt" })
		expect(result.isError).toBeUndefined()
		expect(result.text).toContain("€ end")
	})

	it("explains missing files, folders, empty files and ranges past the end", async () => {
		await setup({ files: { "src/x.ts": "x", "empty.txt": "" } })
		expect((await read({ path: "nope.ts" })).text).toMatch(/does not exist.*list_files/)
		expect((await read({ path: "src" })).text).toMatch(/is a folder.*list_files/)
		expect((await read({ path: "empty.txt" })).text).toBe("empty.txt is empty.")
		const past = await read({ path: "src/x.ts", start_line: 5 })
		expect(past).toMatchObject({ isError: true })
		expect(past.text).toMatch(/past the end .* has 1 lines/)
		expect((await read({ path: "src/x.ts", start_line: 5, end_line: 2 })).text).toMatch(
			/end_line \(2\) is before/,
		)
	})

	it("flags `..` and symlink escapes as outside the workspace, for the policy to decide", async () => {
		await setup()
		await writeFile(path.join(t.outside, "secret.txt"), "outside text")
		await symlink(path.join(t.outside, "secret.txt"), path.join(t.workspace, "link.txt"))
		for (const requested of ["../outside/secret.txt", "link.txt", path.join(t.outside, "secret.txt")]) {
			const result = await read({ path: requested })
			expect(result.text).toBe("1 | outside text")
		}
		expect(t.approvals.map((a) => a.kind === "read" && a.isOutsideWorkspace)).toEqual([true, true, true])
		expect(t.approvals[0]).toMatchObject({
			row: { isOutsideWorkspace: true, path: "../outside/secret.txt" },
		})
	})

	it("leaves the file unread when the person rejects, passing on their words", async () => {
		await setup({
			files: { "a.txt": "private" },
			approval: () => ({ approved: false, feedback: { text: "not that one" } }),
		})
		const result = await read({ path: "a.txt" })
		expect(result.isError).toBe(true)
		expect(result.text).not.toContain("private")
		expect(result.text).toMatch(/denied reading a.txt[\s\S]*not that one/)
	})

	it("refuses paths blocked by .cairnignore without asking", async () => {
		await setup({ files: { "secrets/key.pem": "KEY", ".env": "A=1" }, cairnignore: "secrets/\n.env\n" })
		for (const requested of ["secrets/key.pem", ".env", "./secrets/../.env"]) {
			const result = await read({ path: requested })
			expect(result.isError).toBe(true)
			expect(result.text).toMatch(/blocked by the \.cairnignore file/)
		}
		expect(t.approvals).toEqual([])
	})

	it("answers a missing or wrong parameter with a readable error", async () => {
		await setup()
		const missing = await read({})
		expect(missing.text).toBe(
			'Invalid arguments for read_file:\n- Missing required parameter "path".\nCall read_file again with corrected arguments.',
		)
		expect((await read({ path: "a", start_line: 0 })).text).toMatch(/Parameter "start_line": .*>=1/)
		expect((await read({ path: "a.txt", start_line: "abc" })).text).toMatch(/Parameter "start_line"/)
	})

	it("accepts line numbers sent as strings", async () => {
		await setup({ files: { "f.txt": lines(5) } })
		expect((await read({ path: "f.txt", start_line: "2", end_line: "2" })).text).toMatch(/^2 \| line 2/)
	})

	it("refuses a path that cannot be resolved", async () => {
		await setup()
		const result = await read({ path: "a\0b" })
		expect(result.isError).toBe(true)
		expect(result.text).toMatch(/^Invalid path "a\\u0000b": the path contains a NUL character/)
		expect(t.approvals).toEqual([])
	})

	it("previews the row as soon as the path is known", () => {
		expect(readFileTool.preview?.({})).toBeUndefined()
		expect(readFileTool.preview?.({ path: "src/a" })).toEqual({
			ask: "tool",
			row: { tool: "readFile", path: "src/a" },
		})
	})
})

describe("read_file on what is not a regular file", () => {
	it.runIf(process.platform !== "win32")(
		"says a FIFO is not a regular file at once, instead of waiting for a writer",
		async () => {
			await setup()
			execFileSync("mkfifo", [path.join(t.workspace, "pipe.txt")])
			const result = await read({ path: "pipe.txt" })
			expect(result.isError).toBe(true)
			expect(result.text).toBe(
				"pipe.txt is a FIFO (named pipe), not a regular file; read_file reads regular files only.",
			)
		},
	)
})

describe("read_file of a credential store", () => {
	const realHome = process.env.HOME
	afterEach(() => {
		process.env.HOME = realHome
	})

	it("asks a person, naming the store, when a workspace link leads into ~/.ssh", async () => {
		await setup()
		// The person's home for this test: a folder beside the workspace holding a key.
		process.env.HOME = t.outside
		await mkdir(path.join(t.outside, ".ssh"))
		await writeFile(path.join(t.outside, ".ssh", "id_ed25519"), "PRIVATE KEY")
		await symlink(path.join(t.outside, ".ssh"), path.join(t.workspace, "keys"))
		await read({ path: "keys/id_ed25519" })
		expect(t.approvals).toEqual([
			expect.objectContaining({
				kind: "read",
				credentialStore: "~/.ssh",
				row: expect.objectContaining({ tool: "readFile", credentialStore: "~/.ssh" }),
			}),
		])
	})

	it("asks for the stores the person added to commandSandboxHiddenPaths too", async () => {
		await setup({
			files: { "vault/token.txt": "s.secret\n", "notes.md": "hi\n" },
			settings: { commandSandboxHiddenPaths: ["~/vault"] },
		})
		process.env.HOME = t.workspace
		await read({ path: "vault/token.txt" })
		await read({ path: "notes.md" })
		expect(t.approvals.map((approval) => approval.kind === "read" && approval.credentialStore)).toEqual([
			"~/vault",
			undefined,
		])
	})

	it("asks even when the workspace is the home folder itself", async () => {
		await setup({ files: { ".netrc": "machine x password y\n", "notes.md": "hi\n" } })
		process.env.HOME = t.workspace
		await read({ path: ".netrc" })
		await read({ path: "notes.md" })
		expect(t.approvals.map((approval) => approval.kind === "read" && approval.credentialStore)).toEqual([
			"~/.netrc",
			undefined,
		])
	})
})
