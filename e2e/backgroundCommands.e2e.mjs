// Commands that keep running, in the real editor: the agent starts a server-like loop in the
// background and asks the person something while it runs; the chat shows the command's row with
// its live output and a Stop; Stop ends it (and the model is told so); a second one ends with its task.
import { lastToolResult as toolResultOf } from "@cairn/model-server"
import { startEditorSession } from "./lib/editorSession.mjs"
import { createSuite } from "./lib/harness.mjs"

const call = (name, args) => ({ toolCalls: [{ name, arguments: args }] })
const server = 'i=0; while true; do echo "tick $i"; i=$((i+1)); sleep 0.2; done'
const question = (text) => call("ask_followup_question", { question: text, follow_up: [{ text: "Go on" }] })
const scenario = [
	call("execute_command", { command: server, background: true }),
	question("Is the server up?"),
	call("read_command_output", { id: "cmd_1" }),
	call("attempt_completion", { result: "The server was stopped." }),
]

export async function runBackgroundCommandTests() {
	const session = await startEditorSession({ name: "background", scenario })
	const { sidebar, screenshot, model } = session
	const suite = createSuite("background commands")
	const row = () => sidebar().locator(".background-command")
	/** The text of the tool result in the newest request the model got. */
	const lastToolResult = () => {
		const request = model.requests.filter((r) => r.route === "chat").at(-1)
		return (request && toolResultOf(request)) ?? "(none)"
	}

	suite.test(
		"a background command shows its live output and a Stop while the task goes on",
		async () => {
			await session.openCairn()
			const box = session.chatBox()
			await box.fill("Start the dev server")
			await box.press("Enter")
			await sidebar()
				.getByText("It runs on in the background", { exact: false })
				.waitFor({ timeout: 60_000 })
			await sidebar().getByRole("button", { name: "Run", exact: true }).click()
			// The model asks its question while the command runs on.
			await sidebar().getByText("Is the server up?").first().waitFor({ timeout: 30_000 })
			await row().getByText("Running in the background").waitFor({ timeout: 30_000 })
			await row().getByText("tick 3", { exact: false }).waitFor({ timeout: 30_000 })
			await row().locator(".row-header").first().scrollIntoViewIfNeeded()
			await screenshot("1-running")
		},
		{ timeoutMs: 120_000 },
	)

	suite.test(
		"Stop ends it, the row says so, and the model is told the person stopped it",
		async () => {
			await row().getByRole("button", { name: "Stop this command and everything it started" }).click()
			await row().getByText("You stopped it.").waitFor({ timeout: 20_000 })
			await row().getByText("Ran in the background").waitFor({ timeout: 10_000 })
			const stop = await row()
				.getByRole("button", { name: /Stop this command/ })
				.count()
			if (stop !== 0) throw new Error("the ended row still offers Stop")
			await row().locator(".row-header").first().scrollIntoViewIfNeeded()
			await screenshot("2-stopped")
			await sidebar()
				.getByRole("list", { name: "Suggested answers" })
				.getByRole("button", { name: "Go on" })
				.click()
			await sidebar().getByText("The server was stopped.").first().waitFor({ timeout: 30_000 })
			if (!lastToolResult().includes("was stopped by the user"))
				throw new Error(`the model was not told: ${lastToolResult()}`)
		},
		{ timeoutMs: 60_000 },
	)

	return session.run(suite)
}
