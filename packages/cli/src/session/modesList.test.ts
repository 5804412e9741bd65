import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { parseCommandLine } from "../cli/commandLine.js"
import { resolveRunOptions } from "../cli/runOptions.js"
import { listModes } from "./modesList.js"

// `cairn modes list` shows the modes a task may use: where each is from, what of Cairn's it
// replaces, which other tool's file it hides, and the modes left out, as text or one JSON line.

const modeText = (slug: string, name: string) =>
	`  - slug: ${slug}\n    name: ${name}\n    roleDefinition: You are ${name}.\n    whenToUse: When ${name} fits.\n    groups: [read]\n`

let temp: string
let workspace: string
let home: string
beforeEach(async () => {
	temp = await realpath(await mkdtemp(path.join(os.tmpdir(), "cairn-cli-modes-")))
	workspace = path.join(temp, "workspace")
	home = path.join(temp, "home")
	await mkdir(path.join(workspace, ".cairn"), { recursive: true })
	await mkdir(path.join(home, "settings"), { recursive: true })
	await writeFile(
		path.join(workspace, ".roomodes"),
		`customModes:\n${modeText("docs-writer", "Roo Docs Writer")}${modeText("translator", "Translator")}`,
	)
	await writeFile(
		path.join(workspace, ".cairn", "modes.yaml"),
		`customModes:\n${modeText("docs-writer", "Docs Writer")}  - slug: Bad Slug\n    name: Bad\n    roleDefinition: x\n    whenToUse: x\n    groups: [read]\n`,
	)
	await writeFile(
		path.join(home, "settings", "custom_modes.yaml"),
		`customModes:\n${modeText("ask", "My Ask")}`,
	)
})
afterEach(() => rm(temp, { recursive: true, force: true }))

async function run(...argv: string[]): Promise<{ code: number; out: string }> {
	const parsed = parseCommandLine(argv, { stdout: () => {}, stderr: () => {} })
	if (parsed.kind !== "modesList") throw new Error(`not modes list: ${parsed.kind}`)
	const options = await resolveRunOptions(parsed.flags, [], parsed.outputFormatGiven, {
		env: { CAIRN_HOME: home },
		cwd: workspace,
	})
	let out = ""
	const code = await listModes(options, (text) => (out += text))
	return { code, out }
}

describe("cairn modes list", () => {
	it("lists each mode with where it is from, what it replaces and the other tool's file it hides, then what was left out", async () => {
		const { code, out } = await run("modes", "list")
		expect(code).toBe(0)
		const lines = out.trimEnd().split("\n")
		expect(lines).toContain("code          Code  (built-in)")
		expect(lines).toContain("ask           My Ask  (global, replaces the built-in mode)")
		expect(lines).toContain("docs-writer   Docs Writer  (project, used instead of .roomodes)")
		expect(lines).toContain("translator    Translator  (project: .roomodes)")
		expect(lines.at(-1)).toMatch(/^Left out: \.cairn\/modes\.yaml: customModes\[1\]\.slug: /)
	})

	it("--json prints the modes snapshot as one line", async () => {
		const { out } = await run("modes", "list", "--json")
		const snapshot = JSON.parse(out)
		expect(snapshot.modes.find((mode: { slug: string }) => mode.slug === "docs-writer")).toMatchObject({
			source: "project",
			shadows: [".roomodes"],
		})
	})
})
