import { execFile } from "node:child_process"
import { constants } from "node:fs"
import { access, mkdtemp, readdir, readFile, rm } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { jsonLines, withWorld } from "../support/cliProcess.js"
import { complete, runCommand, writeFile } from "../support/scenarios.js"

const run = promisify(execFile)
const packageDir = fileURLToPath(new URL("../..", import.meta.url))
/** Nothing answers here: an install that asked a registry for anything would fail. */
const noRegistry = "http://127.0.0.1:9/"

let root: string
let prefix: string
let installed: string

/**
 * `npm pack` in packages/cli (its prepack script builds the bundle with its run-time files), then
 * `npm install -g` of the tarball into an empty prefix, offline, with an empty cache.
 */
beforeAll(async () => {
	root = await mkdtemp(path.join(os.tmpdir(), "cairn-packed-"))
	prefix = path.join(root, "prefix")
	const { stdout } = await run("npm", ["pack", "--pack-destination", root, "--silent"], {
		cwd: packageDir,
		maxBuffer: 16 * 1024 * 1024,
	})
	const tarball = path.join(root, stdout.trim().split("\n").at(-1) ?? "")
	await run(
		"npm",
		["install", "--global", "--prefix", prefix, "--offline", "--no-audit", "--no-fund", tarball],
		{
			cwd: root,
			env: {
				...process.env,
				npm_config_cache: path.join(root, "npm-cache"),
				npm_config_registry: noRegistry,
				npm_config_update_notifier: "false",
			},
		},
	)
	installed = path.join(prefix, "lib", "node_modules", "@cairn", "cli")
}, 300_000)

afterAll(async () => {
	if (root !== undefined) await rm(root, { recursive: true, force: true })
})

/** The installed `cairn` on a PATH of node and the system's tools only (no repository, no npx). */
function cairn(args: string[], options: { cwd: string; home: string; cairnHome: string }) {
	return run(path.join(prefix, "bin", "cairn"), args, {
		cwd: options.cwd,
		env: {
			PATH: [path.join(prefix, "bin"), path.dirname(process.execPath), "/usr/bin", "/bin"].join(":"),
			HOME: options.home,
			CAIRN_HOME: options.cairnHome,
			NO_COLOR: "1",
		},
	}).catch((error: { code?: number; stdout?: string; stderr?: string }) => error)
}

describe("the CLI packed with npm pack", () => {
	it("installs from its tarball alone: no dependency to fetch, the bundle and its run-time files inside", async () => {
		const manifest = JSON.parse(await readFile(path.join(installed, "package.json"), "utf8")) as {
			dependencies?: Record<string, string>
		}
		expect(manifest.dependencies ?? {}).toEqual({})
		expect(await readdir(installed)).not.toContain("node_modules")
		const runtime = path.join(installed, "dist", "node_modules")
		await access(
			path.join(runtime, `@vscode/ripgrep-${process.platform}-${process.arch}/bin/rg`),
			constants.X_OK,
		)
		for (const wasm of [
			"web-tree-sitter/web-tree-sitter.wasm",
			"tree-sitter-bash/tree-sitter-bash.wasm",
			"@vscode/tree-sitter-wasm/wasm/tree-sitter-typescript.wasm",
		]) {
			await access(path.join(runtime, wasm), constants.R_OK)
		}
	})

	it("puts cairn on the prefix's PATH and runs a task against the scripted model", () =>
		withWorld(
			{
				scenario: [
					writeFile("hello.ts", "export function greet() {\n\treturn 'hello'\n}\n"),
					{ toolCalls: [{ name: "list_code_definition_names", arguments: { path: "hello.ts" } }] },
					{ toolCalls: [{ name: "search_files", arguments: { path: ".", regex: "ret.rn" } }] },
					runCommand("cat hello.ts"),
					complete("Wrote hello.ts."),
				],
			},
			async (world) => {
				const result = await cairn(
					[...world.providerArgs, "-y", "--output-format", "stream-json", "write a greeting"],
					{ cwd: world.workspace, home: world.root, cairnHome: world.cairnHome },
				)
				expect(result.stderr).toBe("")
				expect(jsonLines(result.stdout ?? "").at(-1)).toMatchObject({
					type: "result",
					success: true,
					result: "Wrote hello.ts.",
				})
				expect(await world.read("hello.ts")).toContain("greet")
				const sent = JSON.stringify(world.server.requests.map((request) => request.body))
				// The outline comes from the TypeScript grammar's wasm, the match from ripgrep.
				expect(sent).toContain("1--3 | export function greet() {")
				expect(sent).toContain("Found 1 match")
			},
		))
})
