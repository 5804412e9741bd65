// The task board in the real editor: three tasks started from the board at once, each in a git
// worktree of its own, each asking to write a file, approved on its card while the others run. The
// board stays in front while they propose their edits (a task the chat does not show opens its
// diff only when asked). Then one card runs the repository's checks in its worktree, one is landed
// by merge (its file appears in the person's work tree), one is discarded after a confirmation that
// names the work it loses (its worktree is gone), and one stays done.
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
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
			// "Run checks" finds the repository's test command in its Makefile: it passes only where the
			// license task wrote its notice, so a pass proves it ran in that task's worktree.
			writeFileSync(path.join(dir, "Makefile"), `test:\n\ttest -f ${tasks.license.file}\n`)
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
	const boardTab = () => page.getByRole("tab", { name: /^Cairn Tasks/ })
	// Reviewing a card opens the editor's diff in front of the board; the person comes back to it.
	const showBoard = () => boardTab().click()
	const fileTab = (file) => page.getByRole("tab", { name: new RegExp(`^${file.replaceAll(".", "\\.")}`) })
	/** Tasks the chat does not show keep their proposed edits out of the editor: the board stays in front. */
	const boardStaysInFront = async () => {
		if ((await boardTab().getAttribute("aria-selected")) !== "true")
			throw new Error("a board task's proposed edit took the editor from the board")
		for (const task of Object.values(tasks))
			if ((await fileTab(task.file).count()) > 0)
				throw new Error(`${task.file}'s proposed edit opened in the editor unasked`)
	}

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
				await card(task.title).waitFor({ timeout: 20_000 })
			}
			// Each proposes its file while the person looks at the board: the approvals wait on the cards.
			for (const task of Object.values(tasks))
				await cardIn(task.title, "waiting")
					.getByRole("button", { name: /^(Approve|Save)$/ })
					.waitFor({ timeout: 60_000 })
			await boardStaysInFront()
			await screenshot("1-three-waiting")
			// Asked for on its card, one task's proposed change opens in the editor's diff view.
			const { title, file } = tasks.license
			await card(title).getByRole("button", { name: "Show the change" }).click()
			await fileTab(file).waitFor({ timeout: 20_000 })
			await screenshot("1b-change-shown")
			await showBoard()
		},
		{ timeoutMs: 150_000 },
	)

	suite.test(
		"each card's approval is answered on the card, and every task finishes in its own worktree",
		async () => {
			for (const task of Object.values(tasks)) {
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
		"a card runs the repository's checks in its own worktree and shows whether they passed",
		async () => {
			const runChecks = async (title) => {
				await card(title).getByRole("button", { name: "Run checks" }).click()
				// Where the command sandbox is unavailable, the person is asked first, the command shown.
				const consent = page.locator(".monaco-dialog-box", {
					hasText: "Run checks runs this repository",
				})
				const ended = card(title).locator(".card-checks-passed, .card-checks-failed")
				// The dialog is the workbench's and the card the webview's: two frames, so raced by hand.
				const endedFirst = ended.waitFor({ timeout: 60_000 }).then(() => false)
				const askedFirst = consent.waitFor({ timeout: 60_000 }).then(() => true)
				for (const waiting of [endedFirst, askedFirst]) waiting.catch(() => {})
				if (await Promise.race([endedFirst, askedFirst])) {
					await consent.getByRole("button", { name: "Run the Checks" }).click()
					await ended.waitFor({ timeout: 60_000 })
				}
				return card(title).getByRole("region", { name: "Checks" })
			}
			const passed = await runChecks(tasks.license.title)
			await passed.getByText("Checks passed").waitFor({ timeout: 5_000 })
			await passed.getByText("make test").waitFor({ timeout: 5_000 })
			// Another task's worktree has no notice: the same command fails there.
			const failed = await runChecks(tasks.notes.title)
			await failed.getByText("Checks failed").waitFor({ timeout: 5_000 })
			await screenshot("2b-checks")
		},
		{ timeoutMs: 150_000 },
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
