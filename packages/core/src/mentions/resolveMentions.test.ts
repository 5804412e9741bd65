import { execFileSync } from "node:child_process"
import { mkdir, rm, symlink, writeFile } from "node:fs/promises"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { WorkspaceDiagnostic } from "../host/Host.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { CairnIgnore } from "../workspace/ignoreRules.js"
import { mentionLimits } from "./mentionBlock.js"
import { resolveMentions, type MentionHost } from "./resolveMentions.js"

let temp: { dir: string; remove(): Promise<void> }
let workspace: string
let server: Server
let base: string

const git = (...args: string[]) =>
	execFileSync("git", args, {
		cwd: workspace,
		env: {
			...process.env,
			GIT_AUTHOR_NAME: "T",
			GIT_AUTHOR_EMAIL: "t@t",
			GIT_COMMITTER_NAME: "T",
			GIT_COMMITTER_EMAIL: "t@t",
		},
	})
		.toString()
		.trim()

async function write(relative: string, content: string | Buffer): Promise<void> {
	await mkdir(path.dirname(path.join(workspace, relative)), { recursive: true })
	await writeFile(path.join(workspace, relative), content)
}

function hostWith(extra: Partial<MentionHost> = {}): MentionHost {
	return { workspaceRoot: workspace, diagnostics: async () => [], ...extra }
}

async function resolve(text: string, host: MentionHost = hostWith()): Promise<string> {
	const blocks = await resolveMentions(text, { host, ignore: await CairnIgnore.load(workspace) })
	return blocks.join("\n\n")
}

beforeAll(async () => {
	temp = await makeTempDir("cairn-mentions-")
	workspace = path.join(temp.dir, "workspace")
	await mkdir(workspace)
	await write("src/a.ts", "export const a = 1\n")
	await write("src/b.ts", "export const b = 2\n")
	await write("src/nested/c.ts", "c\n")
	await write("secrets/key.txt", "hunter2\n")
	await write(".cairnignore", "secrets/\n*.env\n")
	await write("prod.env", "TOKEN=1\n")
	await write("logo.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]))
	await write("huge.txt", "x".repeat(99) + "\n".repeat(1) + "line\n".repeat(60_000))
	for (let i = 0; i < 6; i++)
		await write(`many/file${i}.txt`, "z".repeat(mentionLimits.folderFileChars - 10))
	await writeFile(path.join(temp.dir, "outside.txt"), "outside secret\n")
	await symlink(path.join(temp.dir, "outside.txt"), path.join(workspace, "src", "escape.ts"))
	git("init", "-q", "-b", "main")
	git("add", "huge.txt", "logo.png")
	git("commit", "-q", "-m", "fixtures")
	git("add", "-A")
	git("commit", "-q", "-m", "first commit")

	server = createServer((request, response) => {
		if (request.url === "/page")
			response
				.writeHead(200, { "content-type": "text/html; charset=utf-8" })
				.end(
					"<html><body><h1>Release notes</h1><p>Cairn <b>reads</b> pages.</p><script>x()</script></body></html>",
				)
		else if (request.url === "/plain")
			response.writeHead(200, { "content-type": "text/plain" }).end("just text")
		else if (request.url === "/image")
			response.writeHead(200, { "content-type": "image/png" }).end(Buffer.from([1, 2, 3]))
		else if (request.url === "/big")
			response.writeHead(200, { "content-type": "text/plain" }).end("y".repeat(3_000_000))
		else response.writeHead(404, { "content-type": "text/plain" }).end("nope")
	})
	await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
	await new Promise((done) => server.close(done))
	await temp.remove()
})

describe("file and folder mentions", () => {
	it("include a file's content, tagged with its path", async () => {
		expect(await resolve("look at @/src/a.ts")).toBe(
			'<file_content path="src/a.ts">\nexport const a = 1\n\n</file_content>',
		)
	})

	it.runIf(process.platform !== "win32")(
		"say a mentioned FIFO is not a regular file, at once",
		async () => {
			execFileSync("mkfifo", [path.join(workspace, "pipe.txt")])
			expect(await resolve("@/pipe.txt")).toBe(
				'<file_content path="pipe.txt" error="true">\n[Could not be included: it is a FIFO (named pipe), not a regular file]\n</file_content>',
			)
		},
	)

	it("never include a file in a credential store, even in a home-folder workspace", async () => {
		await write(".netrc", "machine example.com password hunter3\n")
		const realHome = process.env.HOME
		process.env.HOME = workspace
		try {
			const block = await resolve("@/.netrc")
			expect(block).toContain("[Could not be included: the path is in a credential store (~/.netrc)")
			expect(block).not.toContain("hunter3")
			expect(await resolve("@/")).not.toContain("hunter3")
		} finally {
			process.env.HOME = realHome
			await rm(path.join(workspace, ".netrc"))
		}
	})

	it("list a folder and include its small files", async () => {
		const block = await resolve("@/src/")
		expect(block).toMatch(/^<folder_content path="src">\na\.ts\nb\.ts\nescape\.ts\nnested\//)
		expect(block).toContain('<file_content path="src/b.ts">\nexport const b = 2\n')
		// The symlink leads out of the workspace: listed by name, its content never included.
		expect(block).not.toContain("outside secret")
	})

	it("include a folder's small files up to a budget and say how many were left out", async () => {
		for (let i = 0; i < 6; i++)
			await write(`many/file${i}.txt`, "z".repeat(mentionLimits.folderFileChars - 10))
		const block = await resolve("@/many/")
		expect(block.match(/<file_content path="many\/file\d\.txt">/g)).toHaveLength(4)
		expect(block).toContain("[2 more small files are not included here")
	})

	it("say why a path cannot be included", async () => {
		expect(await resolve("@/src/missing.ts")).toContain(
			'<file_content path="src/missing.ts" error="true">\n[Could not be included: there is no such file in the workspace]',
		)
		expect(await resolve("@/src/escape.ts")).toContain("the path leads outside the workspace")
		expect(await resolve("@/../outside.txt")).toContain("the path leads outside the workspace")
		expect(await resolve("@/logo.png")).toContain("it is a binary file (8 bytes)")
		expect(await resolve("@/nowhere/")).toContain("there is no such folder in the workspace")
	})

	it("refuse files and folders that .cairnignore blocks, and hide them in listings", async () => {
		const blocked = await resolve("@/secrets/key.txt @/prod.env @/secrets/")
		expect(blocked.match(/blocked by the \.cairnignore file/g)).toHaveLength(3)
		expect(blocked).not.toContain("hunter2")
		const root = await resolve("@/")
		expect(root).toContain("[2 entries hidden by .cairnignore]")
		const listing = root.split("\n\n")[0]
		expect(listing).toContain("src/")
		expect(listing).not.toContain("secrets/")
	})

	it("cap a huge file and say how much was left out", async () => {
		const block = await resolve("@/huge.txt")
		expect(block.length).toBeLessThan(mentionLimits.fileChars + 500)
		expect(block).toMatch(
			/\[… cut: the file is 293\.1 KB; the last 195\.4 KB are left out\. Read the rest with read_file\.\]/,
		)
	})
})

describe("editor mentions", () => {
	it("@problems lists the errors and warnings of files the agent may read", async () => {
		const diagnostics: WorkspaceDiagnostic[] = [
			{
				path: "src/a.ts",
				line: 3,
				severity: "error",
				message: "Type 'string' is not assignable",
				source: "ts",
			},
			{ path: "src/a.ts", line: 4, severity: "hint", message: "unused" },
			{ path: "secrets/key.txt", line: 1, severity: "error", message: "hidden" },
		]
		expect(await resolve("@problems", hostWith({ diagnostics: async () => diagnostics }))).toBe(
			"<workspace_diagnostics>\nsrc/a.ts:3 [error ts] Type 'string' is not assignable\n</workspace_diagnostics>",
		)
		expect(await resolve("@problems")).toContain("No errors or warnings in the workspace.")
	})

	it("@terminal carries the active terminal's output, or says there is none", async () => {
		const host = hostWith({
			recentTerminalOutput: async () => ({ terminal: "bash", output: "$ npm test\n1 failed" }),
		})
		expect(await resolve("@terminal", host)).toBe(
			'<terminal_output terminal="bash">\n$ npm test\n1 failed\n</terminal_output>',
		)
		expect(await resolve("@terminal")).toContain("there is no editor terminal here (the CLI has none)")
		expect(
			await resolve("@terminal", hostWith({ recentTerminalOutput: async () => undefined })),
		).toContain("no terminal output is known")
	})
})

describe("git mentions", () => {
	it("@git-changes shows the status and the diff, without ignored files", async () => {
		expect(await resolve("@git-changes")).toContain("No changes: the working tree is clean.")
		await write("src/a.ts", "export const a = 42\n")
		await write("secrets/key.txt", "hunter3\n")
		const block = await resolve("@git-changes")
		expect(block).toContain(" M src/a.ts")
		expect(block).toContain("+export const a = 42")
		expect(block).not.toContain("hunter")
		expect(block).toContain("[1 changed files blocked by .cairnignore are left out]")
		git("checkout", "--", ".")
	})

	it("@<hash> shows that commit, and says when there is none", async () => {
		const hash = git("rev-parse", "--short", "HEAD")
		const block = await resolve(`what did @${hash} do?`)
		expect(block).toContain(`<git_commit hash="${hash}">`)
		expect(block).toContain("first commit")
		expect(block).toContain("+export const a = 1")
		expect(block).not.toContain("hunter2")
		expect(await resolve("@deadbeef1")).toContain("there is no commit deadbeef1 in the repository")
	})
})

describe("URL mentions", () => {
	it("fetch a page and turn its HTML into Markdown", async () => {
		const block = await resolve(`summarize @${base}/page.`)
		expect(block).toContain(`<url_content url="${base}/page">`)
		expect(block).toContain("# Release notes")
		expect(block).toContain("Cairn **reads** pages.")
	})

	it("keep plain text, cap big pages and refuse what is not text", async () => {
		expect(await resolve(`@${base}/plain`)).toContain("\njust text\n")
		const big = await resolve(`@${base}/big`)
		expect(big).toContain("[… cut:")
		expect(big.length).toBeLessThan(mentionLimits.urlChars + 1_000)
		expect(await resolve(`@${base}/image`)).toContain("it is not a text page (image/png)")
		expect(await resolve(`@${base}/missing`)).toContain("the server answered 404 Not Found")
	})

	it("say why a server cannot be reached", async () => {
		const closed = createServer()
		await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done))
		const port = (closed.address() as AddressInfo).port
		await new Promise((done) => closed.close(done))
		expect(await resolve(`@http://127.0.0.1:${port}/`)).toContain(
			"it could not be fetched (ECONNREFUSED)",
		)
	})
})
