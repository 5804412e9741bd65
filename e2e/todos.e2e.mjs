// The todo list in the real editor: the model keeps a checklist with update_todo_list (two calls,
// no approval), the task header sums it up and opens to it, the person edits it there (a status,
// a new step, Save), the chat shows the edit, and the model's next request says the person
// edited the list.
import { startEditorSession } from "./lib/editorSession.mjs"
import { createSuite } from "./lib/harness.mjs"

const call = (name, args) => ({ toolCalls: [{ name, arguments: args }] })
const scenario = [
	call("update_todo_list", { todos: "- [-] Read the failing test\n- [ ] Fix the date parser" }),
	call("update_todo_list", { todos: "- [x] Read the failing test\n- [-] Fix the date parser" }),
	call("attempt_completion", { result: "The parser reads ISO dates now." }),
	call("attempt_completion", { result: "The changelog has its entry." }),
]

export async function runTodoTests() {
	const session = await startEditorSession({ name: "todos", scenario })
	const { model, sidebar, screenshot } = session
	const header = () => sidebar().getByRole("region", { name: "Current task" })
	const chatRequests = () => model.requests.filter((r) => r.route === "chat")
	const suite = createSuite("todos")

	suite.test(
		"the model's list shows in the chat and, summed up, in the task header",
		async () => {
			await session.openCairn()
			const box = session.chatBox()
			await box.fill("Fix the date parser")
			await box.press("Enter")
			await sidebar().getByText("The parser reads ISO dates now.").first().waitFor({ timeout: 30_000 })
			await sidebar().getByText("Cairn updated the todo list").nth(1).waitFor({ timeout: 10_000 })
			const summary = header().getByRole("button", { name: /^Todos 1\/2 done/ })
			await summary.waitFor({ timeout: 10_000 })
			await summary.click()
			await header().getByText("Read the failing test").waitFor({ timeout: 10_000 })
			await screenshot("1-header")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"the person's edit shows in the chat and reaches the model's next request",
		async () => {
			await header().getByRole("button", { name: "Edit the todo list" }).click()
			const form = header().getByRole("form", { name: "Edit the todo list" })
			await form.getByRole("button", { name: "Step 2 is in progress; mark it done" }).click()
			await form.getByRole("button", { name: "Add a step" }).click()
			await form.getByRole("textbox", { name: "Step 3" }).fill("Write a changelog entry")
			await screenshot("2-editing")
			await form.getByRole("button", { name: "Save" }).click()
			await sidebar().getByText("You edited the todo list").waitFor({ timeout: 10_000 })
			await header()
				.getByRole("button", { name: /^Todos 2\/3 done/ })
				.waitFor({ timeout: 10_000 })
			// The result still waits: the chat box answers it.
			const box = session.chatBox()
			await box.fill("Add the changelog entry too")
			await box.press("Enter")
			await sidebar().getByText("The changelog has its entry.").first().waitFor({ timeout: 30_000 })
			const sent = JSON.stringify(chatRequests()[3]?.body ?? {})
			if (
				!sent.includes("The user edited this list") ||
				!sent.includes("- [ ] Write a changelog entry")
			)
				throw new Error("the request after the edit did not carry the person's list")
			await screenshot("3-edited")
		},
		{ timeoutMs: 60_000 },
	)

	return session.run(suite)
}
