import { execFileSync } from "node:child_process"
import { mkdir, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../../test-support/tempDir.js"
import { loadUserHooks } from "./userHooksConfig.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let workspace: string
const noHooks = { PreToolUse: [], PostToolUse: [] }
beforeEach(async () => {
	temp = await makeTempDir("cairn-hooks-config-")
	workspace = path.join(temp.dir, "workspace")
	await mkdir(path.join(workspace, ".cairn"), { recursive: true })
})
afterEach(() => temp.remove())

describe("loadUserHooks with a hostile .cairn/hooks.json", () => {
	it("refuses a hooks file that links outside the workspace, which blocks changing tools", async () => {
		await writeFile(path.join(temp.dir, "hooks.json"), JSON.stringify({ hooks: {} }))
		await symlink(path.join(temp.dir, "hooks.json"), path.join(workspace, ".cairn", "hooks.json"))
		expect(await loadUserHooks(workspace, noHooks)).toEqual({
			ok: false,
			problem: ".cairn/hooks.json is a link to a file outside the workspace; it was not read",
		})
	})

	it.runIf(process.platform !== "win32")("refuses a FIFO at once", async () => {
		execFileSync("mkfifo", [path.join(workspace, ".cairn", "hooks.json")])
		expect(await loadUserHooks(workspace, noHooks)).toEqual({
			ok: false,
			problem: ".cairn/hooks.json is a FIFO (named pipe), not a regular file; it was not read",
		})
	})
})

describe("hook matchers from a hooks file", () => {
	it("refuse a matcher with lookaround, which blocks changing tools with a plain line", async () => {
		const hook = { type: "command", command: "true" }
		const file = { hooks: { PreToolUse: [{ matcher: "(?!read_file).*", hooks: [hook] }] } }
		await writeFile(path.join(workspace, ".cairn", "hooks.json"), JSON.stringify(file))
		const loaded = await loadUserHooks(workspace, noHooks)
		expect(loaded).toEqual({
			ok: false,
			problem:
				".cairn/hooks.json: hooks.PreToolUse[0].matcher uses a backreference or lookaround (\\1, \\k<name>, (?=, (?!, (?<=, (?<!), which Cairn's linear-time regex engine does not run; rewrite it without them",
		})
	})
})
