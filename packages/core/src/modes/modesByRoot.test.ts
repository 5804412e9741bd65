import { mkdir, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { ModeCatalog } from "./modeCatalog.js"
import { ModesByRoot } from "./modesByRoot.js"

const scribe = (name: string) => `customModes:
  - slug: scribe
    name: ${name}
    roleDefinition: You write things down.
    whenToUse: Notes.
    groups:
      - read
`

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function folders() {
	const temp = await makeTempDir("cairn-modes-by-root-")
	const root = (name: string) => path.join(temp.dir, name)
	for (const name of ["workspace", "a", "b"])
		await mkdir(path.join(root(name), ".cairn"), { recursive: true })
	const options = {
		workspaceRoot: root("workspace"),
		globalFile: path.join(temp.dir, "settings", "custom_modes.yaml"),
		logger: recordingLogger(),
	}
	const workspace = await ModeCatalog.open({ ...options, watch: false })
	const modes = new ModesByRoot(() => workspace, options)
	cleanups.push(async () => {
		await modes.dispose()
		workspace.dispose()
		await temp.remove()
	})
	return { root, modes, workspace }
}

describe("ModesByRoot", () => {
	it("gives the workspace its own catalog and each worktree one reading that worktree's file, opened once", async () => {
		const { root, modes, workspace } = await folders()
		await writeFile(path.join(root("a"), ".cairn", "modes.yaml"), scribe("A's Scribe"))
		await writeFile(path.join(root("b"), ".cairn", "modes.yaml"), scribe("B's Scribe"))
		expect(await modes.of(root("workspace"))).toBe(workspace)
		const a = await modes.of(root("a"))
		expect(a.mode("scribe").name).toBe("A's Scribe")
		expect((await modes.of(root("b"))).mode("scribe").name).toBe("B's Scribe")
		expect(await modes.of(root("a"))).toBe(a)
		expect(workspace.has("scribe")).toBe(false)
	})

	it("stops following a worktree that was removed, and reads it afresh if one comes back there", async () => {
		const { root, modes } = await folders()
		const first = await modes.of(root("a"))
		await rm(root("a"), { recursive: true })
		await modes.of(root("b"))
		await mkdir(path.join(root("a"), ".cairn"), { recursive: true })
		await writeFile(path.join(root("a"), ".cairn", "modes.yaml"), scribe("New Scribe"))
		const again = await modes.of(root("a"))
		expect(again).not.toBe(first)
		expect(again.mode("scribe").name).toBe("New Scribe")
	})
})
