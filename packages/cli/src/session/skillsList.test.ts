import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { parseCommandLine } from "../cli/commandLine.js"
import { resolveRunOptions } from "../cli/runOptions.js"
import { listSkills } from "./skillsList.js"

// `cairn skills list` shows the skills a task would see: where each is from, which are off or
// shadowed, and the files left out, as text or one JSON line.

let temp: string
let workspace: string
let home: string
beforeEach(async () => {
	temp = await realpath(await mkdtemp(path.join(os.tmpdir(), "cairn-cli-skills-")))
	workspace = path.join(temp, "workspace")
	home = path.join(temp, "home")
	const skill = async (folder: string, name: string, description: string) => {
		await mkdir(path.join(folder, name), { recursive: true })
		await writeFile(
			path.join(folder, name, "SKILL.md"),
			`---\nname: ${name}\ndescription: ${description}\n---\nBody.`,
		)
	}
	await skill(path.join(workspace, ".claude/skills"), "release-notes", "Writes release notes.")
	await skill(path.join(workspace, ".claude/skills"), "lint-fix", "Fixes lint errors.")
	await skill(path.join(workspace, ".cairn/skills"), "lint-fix", "The team's lint fixes.")
	await skill(path.join(home, "settings/skills"), "review", "My review checklist.")
	await writeFile(path.join(workspace, ".claude/skills/empty.md"), "not a skill folder")
	await mkdir(path.join(workspace, ".roo/skills/broken"), { recursive: true })
	await writeFile(path.join(workspace, ".roo/skills/broken/SKILL.md"), "no front matter")
	await writeFile(
		path.join(home, "state.json"),
		JSON.stringify({ settings: { disabledSkills: ["review"] } }),
	)
})
afterEach(() => rm(temp, { recursive: true, force: true }))

async function run(...argv: string[]): Promise<{ code: number; out: string }> {
	const parsed = parseCommandLine(argv, { stdout: () => {}, stderr: () => {} })
	if (parsed.kind !== "skillsList") throw new Error(`not skills list: ${parsed.kind}`)
	const options = await resolveRunOptions(parsed.flags, [], parsed.outputFormatGiven, {
		env: { CAIRN_HOME: home },
		cwd: workspace,
	})
	let out = ""
	const code = await listSkills(options, (text) => (out += text))
	return { code, out }
}

describe("cairn skills list", () => {
	it("lists each skill with its folder, the one turned off and the one shadowed, and the file left out", async () => {
		const { code, out } = await run("skills", "list")
		expect(code).toBe(0)
		expect(out.split("\n")).toEqual([
			"lint-fix       The team's lint fixes.  (.cairn/skills/lint-fix)",
			`review         My review checklist.  (${path.join(home, "settings/skills/review")}, turned off)`,
			"lint-fix       Fixes lint errors.  (.claude/skills/lint-fix, not used: .cairn/skills/lint-fix has the same name)",
			"release-notes  Writes release notes.  (.claude/skills/release-notes)",
			"Left out: .roo/skills/broken/SKILL.md has no front matter (a `---` block naming the skill); the skill was left out",
			"",
		])
	})

	it("gives one JSON line with --json", async () => {
		const { out } = await run("skills", "list", "--json")
		const listing = JSON.parse(out) as {
			skills: { name: string; enabled: boolean; shadowedBy?: string }[]
		}
		expect(listing.skills.map((skill) => [skill.name, skill.enabled, skill.shadowedBy])).toEqual([
			["lint-fix", true, undefined],
			["review", false, undefined],
			["lint-fix", false, "cairn"],
			["release-notes", true, undefined],
		])
	})
})
