import { mkdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { parse } from "./jsonc.js"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { applyConfigEdit, readConfigText, watchConfigFile, writeConfigText } from "./configFile.js"
import { workspaceScope } from "../workspace/repositoryFile.js"

let temp: { dir: string; remove(): Promise<void> }
const disposers: { dispose(): void }[] = []
beforeEach(async () => {
	temp = await makeTempDir("cairn-mcp-config-")
})
afterEach(async () => {
	for (const d of disposers.splice(0)) d.dispose()
	await temp.remove()
})

/** Every text the watcher reported, and a way to wait for one. */
function watcherOf(file: string, initial: string | undefined) {
	const seen: (string | undefined)[] = []
	const waiters: (() => void)[] = []
	disposers.push(
		watchConfigFile(
			file,
			workspaceScope(temp.dir),
			initial,
			(text) => {
				seen.push(text)
				for (const wake of waiters.splice(0)) wake()
			},
			(error) => {
				throw error
			},
		),
	)
	const next = (predicate: (text: string | undefined) => boolean) =>
		new Promise<void>((resolve) => {
			const check = () => (seen.some(predicate) ? resolve() : waiters.push(check))
			check()
		})
	return { seen, next }
}

describe("config files", () => {
	it("reads a missing file as undefined", async () => {
		expect(
			await readConfigText(path.join(temp.dir, "none.json"), workspaceScope(temp.dir)),
		).toBeUndefined()
	})

	it("refuses a workspace config that links outside the workspace, without reading it", async () => {
		const workspace = path.join(temp.dir, "workspace")
		await mkdir(path.join(workspace, ".cairn"), { recursive: true })
		await writeFile(path.join(temp.dir, "elsewhere.json"), '{"mcpServers":{}}')
		await symlink(path.join(temp.dir, "elsewhere.json"), path.join(workspace, ".cairn", "mcp.json"))
		await expect(
			readConfigText(path.join(workspace, ".cairn", "mcp.json"), workspaceScope(workspace)),
		).rejects.toThrow(".cairn/mcp.json is a link to a file outside the workspace; it was not read")
	})

	it("sees a save by rename over the file (how editors save)", async () => {
		const file = path.join(temp.dir, "mcp.json")
		await writeFile(file, "{}")
		const watcher = watcherOf(file, "{}")
		await writeFile(path.join(temp.dir, ".mcp.json.tmp"), '{"mcpServers":{}}')
		await rename(path.join(temp.dir, ".mcp.json.tmp"), file)
		await watcher.next((text) => text === '{"mcpServers":{}}')
	})

	it("sees a file created in a folder that did not exist yet, and its deletion", async () => {
		const folder = path.join(temp.dir, "workspace", ".cairn")
		await mkdir(path.dirname(folder))
		const file = path.join(folder, "mcp.json")
		const watcher = watcherOf(file, undefined)
		await mkdir(folder)
		await writeFile(file, "{ }")
		await watcher.next((text) => text === "{ }")
		await rm(file)
		await watcher.next((text) => text === undefined)
	})

	it("writes atomically, creating the folder", async () => {
		const file = path.join(temp.dir, "settings", "mcp.json")
		await writeConfigText(file, '{"mcpServers":{}}')
		expect(await readFile(file, "utf8")).toBe('{"mcpServers":{}}')
	})

	it("a failed write throws (never swallowed)", async () => {
		const blocker = path.join(temp.dir, "blocker")
		await writeFile(blocker, "a file where a folder should be")
		await expect(writeConfigText(path.join(blocker, "mcp.json"), "{}")).rejects.toThrow()
	})
})

describe("applyConfigEdit", () => {
	const text = [
		"{",
		"  // my servers",
		'  "theme": "kept",',
		'  "mcpServers": {',
		'    "a": { "command": "x", "args": ["1"] },',
		'    "b": { "command": "y", "alwaysAllow": ["old"] }',
		"  }",
		"}",
		"",
	].join("\n")
	const a = { command: "x", args: ["1"] }
	const b = { command: "y", alwaysAllow: ["old"] }

	it("toggles disabled and keeps comments, other fields and servers", () => {
		const edited = applyConfigEdit(text, { kind: "setDisabled", server: "a", disabled: true })
		expect(edited).toContain("// my servers")
		expect(parse(edited)).toEqual({ theme: "kept", mcpServers: { a: { ...a, disabled: true }, b } })
	})

	it("replaces alwaysAllow", () => {
		const edited = applyConfigEdit(text, { kind: "setAlwaysAllow", server: "b", tools: ["old", "new"] })
		expect(parse(edited)).toEqual({
			theme: "kept",
			mcpServers: { a, b: { ...b, alwaysAllow: ["old", "new"] } },
		})
	})

	it("deletes one server and nothing else", () => {
		const edited = applyConfigEdit(text, { kind: "delete", server: "a" })
		expect(edited).toContain("// my servers")
		expect(parse(edited)).toEqual({ theme: "kept", mcpServers: { b } })
	})

	it("keeps the file's indentation (tabs)", () => {
		const edited = applyConfigEdit(
			'{\n\t"mcpServers": {\n\t\t"a": {\n\t\t\t"command": "x"\n\t\t}\n\t}\n}\n',
			{
				kind: "setDisabled",
				server: "a",
				disabled: false,
			},
		)
		expect(edited).toBe(
			'{\n\t"mcpServers": {\n\t\t"a": {\n\t\t\t"command": "x",\n\t\t\t"disabled": false\n\t\t}\n\t}\n}\n',
		)
	})
})
