// Other tools' files in the real editor (issue 39): a workspace written for Roo Code and Cline,
// with a Claude Code skill and permission rules, opened as it is. Settings says which of their
// rules were found, the mode picker offers the `.roomodes` mode and a task in it carries their
// rules to the model; the slash menu offers their commands; the Skills section lists the skill;
// importing Roo Code's settings export and Claude Code's rules shows what was imported and what was
// skipped; Roo's task history is imported from its storage folder and a task resumes from History.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { systemText } from "@cairn/model-server"
import { startEditorSession } from "./lib/editorSession.mjs"
import { createSuite } from "./lib/harness.mjs"
import { repoRoot } from "./lib/paths.mjs"

// Written after each tool's documentation, like the unit tests' fixtures:
// https://docs.roocode.com/features/custom-instructions, https://docs.roocode.com/features/custom-modes,
// https://docs.cline.bot/features/cline-rules, https://docs.anthropic.com/en/docs/claude-code/settings,
// https://docs.anthropic.com/en/docs/claude-code/slash-commands, https://docs.roocode.com/features/slash-commands
// and https://agentskills.io/specification.
const files = {
	".roo/rules/01-style.md": "# Style\n\nName every test after the behaviour it checks (ROO-RULE-MARK).\n",
	".clinerules": "Never commit generated files (CLINE-RULE-MARK).\n",
	".roomodes": `customModes:
  - slug: docs-writer
    name: Docs Writer
    roleDefinition: You are Cairn, a technical writer who edits only Markdown.
    whenToUse: Writing or editing documentation.
    groups: [read]
`,
	".claude/skills/changelog/SKILL.md": `---
name: changelog
description: Writes the changelog entry for a change, in the project's style.
---
Read the commits since the last tag, then write one entry per change.
`,
	".claude/commands/frontend/component.md":
		"---\ndescription: Scaffold a React component\n---\nCreate the component $1.\n",
	".roo/commands/deploy.md": "---\ndescription: Deploy to staging\n---\nDeploy $ARGUMENTS to staging.\n",
	".claude/settings.json": JSON.stringify({
		permissions: { allow: ["Bash(npm run test:*)", "Read(~/.zshrc)"], deny: ["Bash(curl:*)"] },
	}),
}

const rooExport = path.join(repoRoot, "packages/core/src/imports/fixtures/roo-code-settings.json")

// Roo Code's global storage as Roo writes it (the unit tests' fixture), its interrupted task
// moved to this session's workspace so History lists it here.
const rooStorageFixture = path.join(repoRoot, "packages/core/src/imports/fixtures/roo-storage")
const rooTask = "0f9c2d4e-5b6a-4c3d-8e7f-1a2b3c4d5e6f"
/** Copies it beside the workspace, in the session's own folder (removed when the session stops). */
function copyRooStorage(workspace) {
	const rooStorage = path.join(path.dirname(workspace), "roo-storage")
	cpSync(rooStorageFixture, rooStorage, { recursive: true })
	const itemFile = path.join(rooStorage, "tasks", rooTask, "history_item.json")
	const item = JSON.parse(readFileSync(itemFile, "utf8"))
	writeFileSync(itemFile, JSON.stringify({ ...item, workspace }))
	return rooStorage
}

const scenario = [
	{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Docs are fine." } }] },
	{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Greeting added." } }] },
]

export async function runOtherToolsTests() {
	let rooStorage = ""
	const session = await startEditorSession({
		name: "other-tools",
		scenario,
		prepareWorkspace: (workspace) => {
			rooStorage = copyRooStorage(workspace)
			for (const [file, text] of Object.entries(files)) {
				mkdirSync(path.dirname(path.join(workspace, file)), { recursive: true })
				writeFileSync(path.join(workspace, file), text)
			}
		},
	})
	const { model, sidebar, page, screenshot } = session
	const settings = () => sidebar().getByRole("main", { name: "Settings" })
	const section = (name) => settings().getByRole("region", { name, exact: true })
	const suite = createSuite("other-tools")
	/**
	 * code-server's file dialog is the workbench's own: a quick input that takes a path. It opens
	 * in the workspace and fills in its path once it has listed that folder; a path typed before
	 * then is replaced, so typing waits for the listing (the workspace's .roo folder).
	 */
	const fileDialogInput = async () => {
		const input = page.locator(".quick-input-widget input.input")
		await input.waitFor({ timeout: 15_000 })
		await page
			.locator(".quick-input-list .monaco-list-row", { hasText: ".roo" })
			.waitFor({ timeout: 15_000 })
		return input
	}

	suite.test(
		"the .roomodes mode is in the mode picker, and a task in it sends Roo's and Cline's rules to the model",
		async () => {
			await session.openCairn()
			const picker = sidebar().getByRole("combobox", { name: "Mode" })
			await picker.waitFor({ timeout: 20_000 })
			await picker.selectOption({ label: "Docs Writer (project)" })
			await sidebar()
				.locator('select[aria-label="Mode"][title="Writing or editing documentation."]')
				.waitFor({ timeout: 10_000 })
			const box = session.chatBox()
			await box.fill("Check the docs")
			await box.press("Enter")
			await sidebar().getByText("Docs are fine.").first().waitFor({ timeout: 30_000 })
			const system = systemText(model.requests.find((r) => r.route === "chat")?.body)
			if (!system.startsWith("You are Cairn, a technical writer"))
				throw new Error(`the request was not in the .roomodes mode: ${system.slice(0, 200)}`)
			for (const mark of ["ROO-RULE-MARK", "CLINE-RULE-MARK"])
				if (!system.includes(mark)) throw new Error(`the system prompt lacks ${mark}`)
			await screenshot("1-roomodes-task")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"the slash menu offers Roo's and Claude Code's commands, a Claude command in a subfolder by its file's name",
		async () => {
			const box = session.chatBox()
			await box.fill("/")
			const menu = sidebar().getByRole("listbox", { name: "Slash commands" })
			await menu
				.getByRole("option", { name: /^\/component.*Scaffold a React component.*project:frontend/ })
				.waitFor({ timeout: 10_000 })
			await menu
				.getByRole("option", { name: /^\/deploy.*Deploy to staging/ })
				.waitFor({ timeout: 5_000 })
			await screenshot("2-commands")
			await box.fill("")
			await menu.waitFor({ state: "hidden", timeout: 5_000 })
		},
		{ timeoutMs: 30_000 },
	)

	suite.test(
		"Settings says which Roo and Cline rule files this workspace holds",
		async () => {
			await sidebar().getByRole("button", { name: "Settings" }).click()
			const rules = section("Other tools' rules")
			await rules.getByText("Found here: .roo/rules/01-style.md").waitFor({ timeout: 15_000 })
			await rules.getByText("Found here: .clinerules").waitFor({ timeout: 5_000 })
			await rules.scrollIntoViewIfNeeded()
			await screenshot("3-rules-found")
		},
		{ timeoutMs: 30_000 },
	)

	suite.test(
		"the Skills section lists the workspace's Claude Code skill with its description",
		async () => {
			const skills = section("Skills")
			await skills.getByRole("button", { name: "Show the skills" }).click()
			await skills.getByRole("checkbox", { name: "changelog" }).waitFor({ timeout: 15_000 })
			await skills.getByText("Writes the changelog entry for a change").waitFor({ timeout: 5_000 })
			await skills.scrollIntoViewIfNeeded()
			await screenshot("4-skills")
		},
		{ timeoutMs: 30_000 },
	)

	suite.test(
		"Claude Code's rules are shown before they are added, then the report says what was added and skipped",
		async () => {
			const imports = section("Import from other tools")
			await imports.getByRole("button", { name: "Claude Code's rules in this workspace…" }).click()
			const report = imports.getByRole("list", { name: "What the import did" })
			await report.getByText("npm run test — to add").waitFor({ timeout: 15_000 })
			await imports.getByRole("button", { name: "Add these rules" }).click()
			await imports.getByText(/^2 imported, 1 skipped — from /).waitFor({ timeout: 15_000 })
			await report.getByText("Cairn has no rule of this kind").waitFor({ timeout: 5_000 })
			await imports.scrollIntoViewIfNeeded()
			await screenshot("5-claude-rules")
		},
		{ timeoutMs: 30_000 },
	)

	suite.test(
		"importing Roo Code's task history from a folder chosen in the file dialog shows its report, and the task resumes from History",
		// Before the settings import: the task names Roo's profile "default", which that import adds
		// (pointing at Anthropic), and a resumed task goes on with the profile it names.
		async () => {
			const imports = section("Import from other tools")
			await imports.getByRole("button", { name: "Import Roo Code task history…" }).click()
			const input = await fileDialogInput()
			// Into the folder (the trailing slash), then the dialog's own button picks it.
			await input.fill(`${rooStorage}/`)
			await page
				.locator(".quick-input-list .monaco-list-row", { hasText: "tasks" })
				.waitFor({ timeout: 10_000 })
			await page.locator(".quick-input-widget").getByRole("button", { name: "Import" }).click()
			await imports
				.getByText(/^2 imported, 1 skipped — from .*roo-storage/)
				.waitFor({ timeout: 20_000 })
			await screenshot("6-roo-history-import")
			await sidebar().getByRole("button", { name: "History", exact: true }).click()
			const history = sidebar().getByRole("main", { name: "Task history" })
			await history
				.getByRole("button", { name: "Add a greet function to src/greet.ts" })
				.click({ timeout: 15_000 })
			await sidebar().getByRole("button", { name: "Resume", exact: true }).click({ timeout: 15_000 })
			await sidebar().getByText("Greeting added.").first().waitFor({ timeout: 30_000 })
			const request = JSON.stringify(model.requests.filter((r) => r.route === "chat").at(-1)?.body)
			for (const part of [
				"Add a greet function to src/greet.ts",
				"toolu_roo_01",
				"imported from Roo Code",
			])
				if (!request.includes(part)) throw new Error(`the resumed request lacks ${part}`)
			await screenshot("7-roo-task-resumed")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"importing a Roo Code settings export chosen in the editor's file dialog shows its report",
		async () => {
			await sidebar().getByRole("button", { name: "Settings" }).click()
			const imports = section("Import from other tools")
			await imports.getByRole("button", { name: "Import from Roo Code…" }).click()
			const input = await fileDialogInput()
			await input.fill(rooExport)
			// The dialog's own button takes the typed path: Enter could come while the dialog still
			// listed the folder as it was before the typing (seen at load 12), and was then not taken.
			await page
				.locator(".quick-input-list .monaco-list-row", { hasText: "roo-code-settings.json" })
				.waitFor({ timeout: 10_000 })
			await page.locator(".quick-input-widget").getByRole("button", { name: "Import" }).click()
			await imports.getByText(/imported, \d+ skipped — from .*roo-code-settings\.json/).waitFor({
				timeout: 20_000,
			})
			const report = imports.getByRole("list", { name: "What the import did" })
			await report.getByText("fireworks — Cairn does not speak this provider: fireworks").waitFor()
			await report.getByText("code: default — imported").waitFor()
			const text = await report.innerText()
			if (/sk-|fw-fixture/.test(text)) throw new Error("a key from the export is in the report")
			await screenshot("8-roo-import")
		},
		{ timeoutMs: 60_000 },
	)

	return session.run(suite)
}
