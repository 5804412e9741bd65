import { execFileSync } from "node:child_process"
import { cp, mkdir, rm, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { CairnIgnore } from "../workspace/ignoreRules.js"
import { enabledSkill, findSkills, skillSummary } from "./findSkills.js"
import { listSkillFiles } from "./skillFiles.js"
import { globalSkillsFolder } from "./skillLocations.js"
import { skillsPromptSection } from "./skillsPrompt.js"

// A workspace holding skills in every folder Cairn reads, written from the format's documentation.
const fixture = fileURLToPath(new URL("fixtures/skills-workspace", import.meta.url))

let temp: Awaited<ReturnType<typeof makeTempDir>>
let workspace: string
let storageDir: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-skills-")
	workspace = path.join(temp.dir, "workspace")
	storageDir = path.join(temp.dir, "storage")
	await cp(fixture, workspace, { recursive: true })
	await writeSkill(globalSkillsFolder(storageDir), "review-checklist", "The person's own review checklist.")
})
afterEach(() => temp.remove())

async function writeSkill(parent: string, name: string, description: string, body = "BODY"): Promise<void> {
	await mkdir(path.join(parent, name), { recursive: true })
	await writeFile(
		path.join(parent, name, "SKILL.md"),
		`---\nname: ${name}\ndescription: ${description}\n---\n${body}\n`,
	)
}

const summary = (found: Awaited<ReturnType<typeof findSkills>>) =>
	found.skills.map(skillSummary).map(({ description: _shownElsewhere, ...rest }) => rest)

describe("findSkills", () => {
	it("finds the skills of every folder, Cairn's own first, and leaves out the invalid ones with a reason", async () => {
		const found = await findSkills({ workspaceRoot: workspace, storageDir })
		expect(summary(found)).toEqual([
			{
				name: "changelog-style",
				source: "cairn",
				folder: ".cairn/skills/changelog-style",
				enabled: true,
			},
			{
				name: "review-checklist",
				source: "global",
				folder: path.join(storageDir, "settings", "skills", "review-checklist"),
				enabled: true,
			},
			{
				name: "changelog-style",
				source: "agents",
				folder: ".agents/skills/changelog-style",
				enabled: false,
				shadowedBy: "cairn",
			},
			{
				name: "release-notes",
				source: "claude",
				folder: ".claude/skills/release-notes",
				enabled: true,
			},
		])
		expect(found.skipped).toEqual([
			expect.stringMatching(/^\.claude\/skills\/Bad_Name\/SKILL\.md has no valid name/),
			'.roo/skills/db-migrations/SKILL.md names the skill "database-migrations", not its folder\'s name "db-migrations"; the skill was left out',
		])
		expect(enabledSkill(found, "changelog-style")?.body).toContain("CAIRN CHANGELOG STYLE")
		expect(JSON.stringify(found)).not.toContain("NEVER SHOWN")
	})

	it("reads a folded description as one text and lists only enabled skills, by name and description, for the prompt", async () => {
		const found = await findSkills({
			workspaceRoot: workspace,
			storageDir,
			disabled: ["review-checklist"],
		})
		const section = skillsPromptSection(found.skills) ?? ""
		expect(section).toContain(
			"- changelog-style: The team's own changelog wording. Use when editing CHANGELOG.md.",
		)
		expect(section).toContain(
			"- release-notes: Writes release notes from the git log since the last tag. Use when the user asks for release notes or a changelog entry.",
		)
		expect(section).not.toContain("review-checklist")
		expect(section).not.toContain("git describe")
		expect(section.match(/^- /gm)).toHaveLength(2)
		expect(skillsPromptSection([])).toBeUndefined()
	})

	it("lists the files beside SKILL.md as the tools take them", async () => {
		const found = await findSkills({ workspaceRoot: workspace, storageDir })
		const skill = enabledSkill(found, "release-notes")
		expect(skill).toBeDefined()
		expect(await listSkillFiles(skill!)).toEqual({
			files: [
				".claude/skills/release-notes/references/style.md",
				".claude/skills/release-notes/scripts/collect.sh",
			],
			partial: false,
		})
	})

	it("never reads or names a file through a link out of the workspace, a FIFO, or a file .cairnignore hides", async () => {
		const outside = path.join(temp.dir, "outside")
		await writeSkill(outside, "stolen", "A skill outside the workspace.", "SECRET BODY")
		await writeFile(path.join(outside, "id_ed25519"), "-----BEGIN OPENSSH PRIVATE KEY-----")
		await symlink(path.join(outside, "stolen"), path.join(workspace, ".claude/skills/stolen"))
		await symlink(
			path.join(outside, "id_ed25519"),
			path.join(workspace, ".claude/skills/release-notes/references/key"),
		)
		await mkdir(path.join(workspace, ".agents/skills/pipe"))
		execFileSync("mkfifo", [path.join(workspace, ".agents/skills/pipe/SKILL.md")])
		await writeFile(path.join(workspace, ".cairnignore"), ".claude/skills/release-notes/scripts/\n")

		const found = await findSkills({ workspaceRoot: workspace, storageDir })
		expect(found.skills.map((skill) => skill.name)).not.toContain("stolen")
		expect(JSON.stringify(found.skills)).not.toContain("SECRET BODY")
		expect(found.skipped).toContain(
			".claude/skills/stolen/SKILL.md is a link to a file outside the workspace; it was not read",
		)
		expect(found.skipped).toContain(
			".agents/skills/pipe/SKILL.md is a FIFO (named pipe), not a regular file; it was not read",
		)
		const ignore = await CairnIgnore.load(workspace)
		const files = await listSkillFiles(enabledSkill(found, "release-notes")!, ignore)
		expect(files.files).toEqual([".claude/skills/release-notes/references/style.md"])
	})

	it("leaves out a skill .cairnignore hides, and a SKILL.md past the size cap", async () => {
		await writeFile(path.join(workspace, ".cairnignore"), ".agents/\n")
		await writeSkill(path.join(workspace, ".roo/skills"), "huge", "Too big.", "x".repeat(100_001))
		const found = await findSkills({
			workspaceRoot: workspace,
			storageDir,
			ignore: await CairnIgnore.load(workspace),
		})
		expect(found.skills.map((skill) => skill.source)).not.toContain("agents")
		expect(found.skipped).toContain(
			".roo/skills/huge/SKILL.md is larger than 100000 bytes; it was not read",
		)
	})

	it("sees at the next lookup a SKILL.md edited to the same size, a skill added, and a skill folder turned into a link out", async () => {
		const roo = path.join(workspace, ".roo/skills")
		const lookUp = () => findSkills({ workspaceRoot: workspace, storageDir })
		await writeSkill(roo, "deploy", "Deploys v1.")
		expect((await lookUp()).skills.find((skill) => skill.name === "deploy")?.description).toBe(
			"Deploys v1.",
		)
		await writeSkill(roo, "deploy", "Deploys v2.")
		await writeSkill(roo, "triage", "Triages issues.")
		const second = await lookUp()
		expect(second.skills.find((skill) => skill.name === "deploy")?.description).toBe("Deploys v2.")
		expect(second.skills.map((skill) => skill.name)).toContain("triage")
		await writeSkill(path.join(temp.dir, "outside"), "triage", "Someone else's.")
		await rm(path.join(roo, "triage"), { recursive: true })
		await symlink(path.join(temp.dir, "outside", "triage"), path.join(roo, "triage"))
		const third = await lookUp()
		expect(third.skills.map((skill) => skill.name)).not.toContain("triage")
		expect(third.skipped.join("\n")).toContain(".roo/skills/triage/SKILL.md")
	})
})
