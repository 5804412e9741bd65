// A fleet run's report in the real editor (issue 40): `cairn run` runs a task file of two tasks
// against the scripted model, each in a worktree of the workspace's repository with a check (one
// passes, one fails), writing its results folder; a damaged record is put beside them. The person
// opens the folder from the board with the editor's folder dialog and sees the report (totals, a
// row per task, the damaged file named), opens a task's diff, and opens the same folder again from
// the palette's "Open Fleet Run Report…".
import { execFile, spawnSync } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { concurrentConversations } from "@cairn/model-server"
import { startEditorSession } from "./lib/editorSession.mjs"
import { createSuite } from "./lib/harness.mjs"
import { extensionId, repoRoot } from "./lib/paths.mjs"
import { runCommand, webviewContent, webviewFrames } from "./lib/workbench.mjs"

const prompt = (id) => `Write the file of task ${id}.`
const tasks = ["alpha", "beta"]

export async function runFleetReportTests() {
	let workspace
	const session = await startEditorSession({
		name: "fleet-report",
		scenario: [],
		sideTurns: concurrentConversations(
			Object.fromEntries(
				tasks.map((id) => [
					prompt(id),
					[
						{
							toolCalls: [
								{
									name: "write_to_file",
									arguments: { path: `${id}.txt`, content: `${id}\n` },
								},
							],
						},
						{
							toolCalls: [
								{ name: "attempt_completion", arguments: { result: `Wrote ${id}.txt` } },
							],
						},
					],
				]),
			),
		),
		prepareWorkspace: (dir) => {
			workspace = dir
			const git = (...args) => {
				const ran = spawnSync(
					"git",
					["-c", "user.name=e2e", "-c", "user.email=e2e@localhost", ...args],
					{
						cwd: dir,
					},
				)
				if (ran.status !== 0) throw new Error(`git ${args.join(" ")}: ${ran.stderr}`)
			}
			writeFileSync(path.join(dir, "README.md"), "A fleet's repository.\n")
			git("init", "-q", "-b", "main")
			git("add", "-A")
			git("commit", "-qm", "the fixture")
		},
	})
	const { page, screenshot } = session
	const suite = createSuite("fleet-report")
	const results = () => path.join(workspace, "fleet-results")
	let boardIndex = 0
	const board = () => webviewContent(page, extensionId, boardIndex).getByRole("main", { name: "Tasks" })
	const report = () => board().getByRole("region", { name: "Fleet run" })
	/**
	 * code-server's folder dialog is a quick input taking a path, listing folders only: once it has
	 * listed the workspace, into the results folder (it lists the claims' folder), then its own button.
	 */
	const pickResults = async () => {
		const input = page.locator(".quick-input-widget input.input")
		await input.waitFor({ timeout: 15_000 })
		await page
			.locator(".quick-input-list .monaco-list-row", { hasText: "fleet-results" })
			.waitFor({ timeout: 15_000 })
		await input.fill(`${results()}/`)
		await page
			.locator(".quick-input-list .monaco-list-row", { hasText: ".claims" })
			.waitFor({ timeout: 10_000 })
		await page.locator(".quick-input-widget").getByRole("button", { name: "Open Report" }).click()
	}

	suite.test(
		"`cairn run` writes a results folder for two tasks against the scripted model",
		async () => {
			const home = path.join(path.dirname(workspace), "fleet-home")
			mkdirSync(home, { recursive: true })
			const taskFile = path.join(path.dirname(workspace), "fleet-tasks.jsonl")
			const line = (id, check) =>
				JSON.stringify({ id, prompt: prompt(id), repository: workspace, checks: [check] })
			writeFileSync(
				taskFile,
				`${line("alpha", "test -f alpha.txt")}\n${line("beta", "test -f missing.txt")}\n`,
			)
			// Not spawnSync: the scripted model answers from this process, which must go on running.
			const ran = await new Promise((resolve) =>
				execFile(
					process.execPath,
					[
						path.join(repoRoot, "packages", "cli", "dist", "cairn.js"),
						"run",
						taskFile,
						"--results",
						results(),
						"--provider",
						"anthropic",
						"--model",
						"claude-sonnet-5",
						"--base-url",
						session.model.url,
						"--api-key",
						"test-key-0123456789",
					],
					{ env: { ...process.env, CAIRN_HOME: home }, encoding: "utf8", timeout: 120_000 },
					(error, stdout, stderr) => resolve({ status: error?.code ?? 0, stdout, stderr }),
				),
			)
			// 1: a task failed (beta's check), as it should.
			if (ran.status !== 1)
				throw new Error(`cairn run exited ${ran.status}: ${ran.stderr}${ran.stdout}`)
			writeFileSync(path.join(results(), "gamma.json"), "{ cut short")
		},
		{ timeoutMs: 150_000 },
	)

	suite.test(
		"the board opens the folder picked in the editor's dialog and shows the run's report",
		async () => {
			await session.openCairn()
			await runCommand(page, "Cairn: Open Task Board")
			await webviewFrames(page, extensionId).nth(1).waitFor({ timeout: 20_000 })
			boardIndex = (await webviewFrames(page, extensionId).count()) - 1
			await board().getByRole("button", { name: "Fleet run report" }).click()
			await board().getByRole("button", { name: "Choose a results folder…" }).click()
			await pickResults()
			await report().waitFor({ timeout: 20_000 })
			const totals = await report().locator(".fleet-totals").innerText()
			for (const [name, value] of [
				["Tasks", "2"],
				["Passed", "1"],
				["Failed", "1"],
				["Unreadable", "1"],
			])
				if (!new RegExp(`${name}\\s+${value}(\\s|$)`).test(totals))
					throw new Error(`the totals do not say ${name} ${value}: ${totals}`)
			const alpha = await report().getByRole("row", { name: "alpha" }).innerText()
			if (!/Passed[\s\S]*cairn\/alpha[\s\S]*1 passed, 0 failed/.test(alpha))
				throw new Error(`alpha's row: ${alpha}`)
			const beta = await report().getByRole("row", { name: "beta" }).innerText()
			if (!/Failed[\s\S]*0 passed, 1 failed/.test(beta)) throw new Error(`beta's row: ${beta}`)
			await report()
				.getByText(/gamma\.json: not valid JSON/)
				.waitFor({ timeout: 5_000 })
			await screenshot("1-report")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"a task's diff opens from its row, and the palette command opens the report again",
		async () => {
			await report().getByRole("button", { name: "Show the diff of alpha" }).click()
			await page
				.getByRole("tab", { name: /^Fleet task alpha: cairn\/alpha/ })
				.waitFor({ timeout: 20_000 })
			await screenshot("2-diff")
			await page.getByRole("tab", { name: /^Cairn Tasks/ }).click()
			await report().getByRole("button", { name: "Close the report" }).click()
			await report().waitFor({ state: "hidden", timeout: 10_000 })
			// The command opens the folder dialog at once, in the palette's own widget.
			await runCommand(page, "Cairn: Open Fleet Run Report…", 15_000, { opensInput: true })
			await pickResults()
			await report().getByRole("row", { name: "beta" }).waitFor({ timeout: 20_000 })
			await screenshot("3-from-palette")
		},
		{ timeoutMs: 90_000 },
	)

	return session.run(suite)
}
