// Subtasks in the real editor: in Orchestrator mode (picked in the chat box) the model delegates
// with new_task; after Approve the subtask is the task on screen with a way back to its parent;
// the parent, shown meanwhile, lists its unfinished subtask; once the person answers the
// subtask's question it completes, and the parent is back on screen with the subtask's result,
// which reached the model, and goes on to its own result. History shows the subtask under it.
import { lastToolResult } from "@cairn/model-server"
import { startEditorSession } from "./lib/editorSession.mjs"
import { createSuite } from "./lib/harness.mjs"

const parentTask = "Prepare the 2.0 release"
const childMessage = "Write the changelog for the release"
const childResult = "The changelog covers 2.0."
const call = (name, args) => ({ toolCalls: [{ name, arguments: args }] })
// The parent and its subtask take turns with the model, so one scenario serves both in order.
const scenario = [
	call("new_task", { mode: "code", message: childMessage }),
	call("ask_followup_question", {
		question: "Which version should the changelog cover?",
		follow_up: [{ text: "2.0" }],
	}),
	call("attempt_completion", { result: childResult }),
	({ request }) =>
		call("attempt_completion", {
			result: `Release prepared. The subtask said: ${lastToolResult(request)}`,
		}),
]

export async function runSubtaskTests() {
	const session = await startEditorSession({ name: "subtasks", scenario })
	const { sidebar, screenshot } = session
	const stack = () => sidebar().getByRole("navigation", { name: "Task stack" })
	const header = () => sidebar().getByRole("region", { name: "Current task" })
	const suite = createSuite("subtasks")

	suite.test(
		"after Approve the subtask is on screen, with a way back to its parent",
		async () => {
			await session.openCairn()
			const box = session.chatBox()
			await sidebar().getByRole("combobox", { name: "Mode" }).selectOption({ label: "Orchestrator" })
			await box.fill(parentTask)
			await box.press("Enter")
			await sidebar()
				.getByText("Cairn wants to start a subtask in code mode")
				.waitFor({ timeout: 30_000 })
			await sidebar().getByRole("button", { name: "Approve" }).click()
			await sidebar()
				.getByText("Which version should the changelog cover?")
				.first()
				.waitFor({ timeout: 30_000 })
			await header().getByText(childMessage).waitFor({ timeout: 10_000 })
			await stack()
				.getByRole("button", { name: new RegExp(`Back to parent:\\s*${parentTask}`) })
				.waitFor({ timeout: 10_000 })
			await screenshot("1-child")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"the waiting parent lists its unfinished subtask, which opens again from there",
		async () => {
			await stack()
				.getByRole("button", { name: /Back to parent/ })
				.click()
			await header().getByText(parentTask).waitFor({ timeout: 10_000 })
			const child = stack().getByRole("button", { name: new RegExp(childMessage) })
			await child.getByText("not finished").waitFor({ timeout: 10_000 })
			// It waits under a row saying so, offering Cancel (of the stack), not Approve again.
			await sidebar().getByText("Cairn started a subtask in code mode").waitFor({ timeout: 10_000 })
			await sidebar().getByRole("button", { name: "Cancel" }).waitFor({ timeout: 10_000 })
			if ((await sidebar().getByRole("button", { name: "Approve" }).count()) > 0)
				throw new Error("the waiting parent offers Approve for a call already approved")
			await screenshot("2-parent-waiting")
			await child.click()
			await header().getByText(childMessage).waitFor({ timeout: 10_000 })
		},
		{ timeoutMs: 45_000 },
	)

	suite.test(
		"the subtask completes, and the parent goes on with its result",
		async () => {
			const box = session.chatBox()
			await box.fill("2.0")
			await box.press("Enter")
			await sidebar().getByText("Subtask finished").waitFor({ timeout: 30_000 })
			await header().getByText(parentTask).waitFor({ timeout: 10_000 })
			// The result reached the parent's model, which quotes it in its own result.
			await sidebar()
				.getByText(`Release prepared. The subtask said: ${childResult}`)
				.first()
				.waitFor({ timeout: 30_000 })
			await stack()
				.getByRole("button", { name: new RegExp(childMessage) })
				.getByText("done")
				.waitFor()
			await screenshot("3-returned")
		},
		{ timeoutMs: 60_000 },
	)

	suite.test(
		"History shows the subtask under the task that started it",
		async () => {
			await sidebar().getByRole("button", { name: "History", exact: true }).click()
			const articles = sidebar().getByRole("article")
			await sidebar()
				.getByRole("article", { name: `Subtask: ${childMessage}` })
				.waitFor({ timeout: 10_000 })
			const names = await articles.evaluateAll((all) => all.map((a) => a.getAttribute("aria-label")))
			if (names.indexOf(`Subtask: ${childMessage}`) !== names.indexOf(parentTask) + 1)
				throw new Error(`the subtask is not listed under its parent: ${names.join(" | ")}`)
			await screenshot("4-history")
		},
		{ timeoutMs: 30_000 },
	)

	return session.run(suite)
}
