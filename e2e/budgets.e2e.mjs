// A task's budget in the real editor: the person sets a task limit of 1,000 tokens in Settings;
// the task's first request is billed 1,300, so before its second the chat shows the budget's ask
// (Raise Limit, End Task) and the model hears nothing more. Raise Limit lets the task go on to its
// result. A second task passes the same limit; End Task ends it there: the model hears nothing
// more and the chat is empty again, the ended task in its recent tasks.
import { writeFile } from "node:fs/promises"
import path from "node:path"
import { startEditorSession } from "./lib/editorSession.mjs"
import { createSuite } from "./lib/harness.mjs"

const billed = (inputTokens) => ({ usage: { inputTokens, outputTokens: 10 } })
const scenario = [
	{ toolCalls: [{ name: "read_file", arguments: { path: "notes.md" } }], ...billed(1_290) },
	{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Read the notes." } }], ...billed(90) },
	{ toolCalls: [{ name: "read_file", arguments: { path: "notes.md" } }], ...billed(1_290) },
	{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Never sent." } }], ...billed(90) },
]

export async function runBudgetTests() {
	const session = await startEditorSession({
		name: "budgets",
		scenario,
		prepareWorkspace: (dir) => writeFile(path.join(dir, "notes.md"), "- 1.0: the first release\n"),
	})
	const { sidebar, screenshot } = session
	const chatRequests = () => session.model.requests.filter((r) => r.route === "chat").length
	const expectRequests = (count) => {
		if (chatRequests() !== count)
			throw new Error(`the model got ${chatRequests()} requests, expected ${count}`)
	}
	const suite = createSuite("budgets")

	suite.test(
		"the person sets a task budget of 1,000 tokens in Settings",
		async () => {
			await session.openCairn()
			await sidebar().getByRole("button", { name: "Settings" }).click()
			const perTask = sidebar()
				.getByRole("main", { name: "Settings" })
				.getByRole("group", { name: "Per task" })
			const tokens = perTask.getByLabel("Tokens", { exact: true })
			await tokens.fill("1000")
			await tokens.press("Enter")
			await screenshot("1-limit")
			await sidebar().getByRole("button", { name: "Chat" }).click()
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"past the limit, the task stops before its next request and asks: Raise Limit or End Task",
		async () => {
			const box = session.chatBox()
			await box.waitFor({ timeout: 10_000 })
			await box.fill("Read notes.md")
			await box.press("Enter")
			await sidebar().getByRole("button", { name: "Approve" }).click({ timeout: 30_000 })
			await sidebar().getByText("Spending limit reached").first().waitFor({ timeout: 30_000 })
			await sidebar()
				.getByText(/^This task's budget \(its subtasks included\): .+ of .+ spent\.$/)
				.first()
				.waitFor({ timeout: 10_000 })
			await sidebar().getByRole("button", { name: "End Task" }).waitFor({ timeout: 10_000 })
			await sidebar().getByRole("button", { name: "Raise Limit" }).waitFor({ timeout: 10_000 })
			expectRequests(1)
			await screenshot("2-ask")
		},
		{ timeoutMs: 60_000 },
	)

	suite.test(
		"Raise Limit lets the task go on to its result",
		async () => {
			await sidebar().getByRole("button", { name: "Raise Limit" }).click()
			await sidebar().getByText("Read the notes.").first().waitFor({ timeout: 30_000 })
			expectRequests(2)
			await screenshot("3-raised")
		},
		{ timeoutMs: 45_000 },
	)

	suite.test(
		"a second task past the limit: End Task ends it at the ask, and the model hears nothing more",
		async () => {
			await sidebar().getByRole("button", { name: "New Task", exact: true }).click()
			// Typed only once the empty chat is drawn (see rows.e2e.mjs).
			const empty = sidebar().getByRole("heading", { name: "What should Cairn do?" })
			await empty.waitFor({ timeout: 15_000 })
			const box = session.chatBox()
			await box.fill("Read notes.md once more")
			await box.press("Enter")
			await sidebar().getByRole("button", { name: "Approve" }).click({ timeout: 30_000 })
			const endTask = sidebar().getByRole("button", { name: "End Task" })
			await endTask.waitFor({ timeout: 30_000 })
			expectRequests(3)
			await screenshot("4-second-ask")
			await endTask.click()
			await empty.waitFor({ timeout: 15_000 })
			await sidebar()
				.getByRole("region", { name: "Recent tasks" })
				.getByText("Read notes.md once more")
				.waitFor({ timeout: 10_000 })
			expectRequests(3)
			await screenshot("5-ended")
		},
		{ timeoutMs: 60_000 },
	)

	return session.run(suite)
}
