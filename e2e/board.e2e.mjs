// The task board in the real editor: three tasks started from the board at once, each in a git
// worktree of its own, each asking to write a file, approved on its card while the others run;
// then one is landed by merge (its file appears in the person's work tree), one is discarded
// after a confirmation that names the work it loses (its worktree is gone), and one stays done.
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { concurrentConversations } from "@cairn/model-server"
import { eventually } from "./lib/eventually.mjs"
import { startEditorSession } from "./lib/editorSession.mjs"
import { createSuite } from "./lib/harness.mjs"
import { extensionId } from "./lib/paths.mjs"
import { runCommand, webviewContent, webviewFrames } from "./lib/workbench.mjs"

const tasks = {
	changelog: { title: "Add a changelog", file: "CHANGELOG.md", content: "# Changelog\n" },
	notes: { title: "Write release notes", file: "NOTES.md", content: "Notes\n" },
	license: { title: "Add a license notice", file: "NOTICE.md", content: "Notice\n" },
}
const conversation = ({ file, content, title }) => [
	{ toolCalls: [{ name: "write_to_file", arguments: { path: file, content } }] },
	{ toolCalls: [{ name: "attempt_completion", arguments: { result: `${title}: done.` } }] },
]

export async function runBoardTests() {
	let workspace
	const session = await startEditorSession({
		name: "board",
		scenario: [],
		sideTurns: concurrentConversations(
			Object.fromEntries(Object.values(tasks).map((task) => [task.title, conversation(task)])),
		),
		prepareWorkspace: (dir) => {
			workspace = dir
			const git = (...args) =>
				execFileSync("git", ["-c", "user.name=e2e", "-c", "user.email=e2e@localhost", ...args], {
					cwd: dir,
				})
			git("init", "-q", "-b", "main")
			git("add", "-A")
			git("commit", "-qm", "the fixture")
		},
	})
	const { page, screenshot } = session
	const suite = createSuite("board")
	/** The board's tab: the newest Cairn webview. */
	let boardIndex = 0
	const board = () => webviewContent(page, extensionId, boardIndex).getByRole("main", { name: "Tasks" })
	const card = (title) => board().getByRole("article", { name: title })
	const cardIn = (title, state) => card(title).and(board().locator(`.task-card-${state}`))
	// A task's proposed edit opens its diff in the editor, in front of the board's tab.
	const showBoard = () => page.getByRole("tab", { name: /^Cairn Tasks/ }).click()

	suite.test(
		"three tasks start from the board at once, each in its own worktree",
		async () => {
			await session.openCairn()
			await runCommand(page, "Cairn: Open Task Board")
			await webviewFrames(page, extensionId).nth(1).waitFor({ timeout: 20_000 })
			boardIndex = (await webviewFrames(page, extensionId).count()) - 1
			for (const task of Object.values(tasks)) {
				await board().getByRole("button", { name: "New task" }).click()
				const form = board().getByRole("form", { name: "Start a task" })
				await form.getByRole("textbox", { name: "Task" }).fill(task.title)
				await form.getByRole("radio", { name: "In a new worktree" }).check()
				await form.getByRole("button", { name: "Start" }).click()
				// Its proposed file opens in the editor, in front of the board: waited for, not raced.
				await page
					.getByRole("tab", { name: new RegExp(`^${task.file.replaceAll(".", "\\.")}`) })
					.waitFor({ timeout: 60_000 })
				await showBoard()
				await card(task.title).waitFor({ timeout: 20_000 })
			}
			await showBoard()
			for (const task of Object.values(tasks))
				await cardIn(task.title, "waiting").waitFor({ timeout: 60_000 })
			await screenshot("1-three-waiting")
		},
		{ timeoutMs: 150_000 },
	)

	suite.test(
		"each card's approval is answered on the card, and every task finishes in its own worktree",
		async () => {
			for (const task of Object.values(tasks)) {
				await showBoard()
				await card(task.title)
					.getByRole("region", { name: "What it waits for" })
					.getByRole("button", { name: /^(Approve|Save)$/ })
					.click()
			}
			for (const task of Object.values(tasks))
				await cardIn(task.title, "done").waitFor({ timeout: 60_000 })
			for (const task of Object.values(tasks))
				if (existsSync(path.join(workspace, task.file)))
					throw new Error(
						`${task.file} was written into the person's work tree, not the task's worktree`,
					)
			await screenshot("2-three-done")
		},
		{ timeoutMs: 120_000 },
	)

	suite.test(
		"a card is reviewed in the editor's multi-file diff, then landed by merge: its file is in the person's branch",
		async () => {
			const { title, file, content } = tasks.changelog
			// Reviewed first: the editor's multi-file diff of the worktree against its base.
			await card(title).getByRole("button", { name: "Review the changes" }).click()
			await page.getByRole("tab", { name: /^cairn\/task-.* against main/ }).waitFor({ timeout: 20_000 })
			await screenshot("3-review")
			await showBoard()
			await card(title).getByRole("button", { name: "Land" }).click()
			await card(title).getByRole("button", { name: "Merge into the current branch" }).click()
			await cardIn(title, "landed").waitFor({ timeout: 60_000 })
			const landed = path.join(workspace, file)
			await eventually(() => existsSync(landed), `${file} in the work tree`)
			if (readFileSync(landed, "utf8") !== content) throw new Error(`${file} landed with other content`)
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"a card is discarded only after a confirmation naming the work it loses",
		async () => {
			const { title, file } = tasks.notes
			await card(title).getByRole("button", { name: "Discard" }).click()
			const confirm = board().getByRole("alertdialog", { name: "Discard this task's work?" })
			await confirm.getByRole("listitem").filter({ hasText: file }).waitFor({ timeout: 20_000 })
			await confirm.getByRole("button", { name: "Discard and lose them" }).click()
			await cardIn(title, "discarded").waitFor({ timeout: 60_000 })
			await cardIn(tasks.license.title, "done").waitFor({ timeout: 5_000 })
			await screenshot("4-landed-discarded-done")
		},
		{ timeoutMs: 90_000 },
	)

	return session.run(suite)
}
