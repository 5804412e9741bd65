// Slash commands in the real editor: a workspace command file (.cairn/commands/review.md) shows in
// the menu that `/` opens in the chat box, picking it and adding an argument sends the command's
// prompt with the argument to the model, and the chat shows the message as the command. Then the
// attention notification: the agent asks while the Cairn view is hidden, a notification says so,
// and its Show Cairn button brings the view back with the question.
import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { startEditorSession } from "./lib/editorSession.mjs"
import { eventually } from "./lib/eventually.mjs"
import { createSuite } from "./lib/harness.mjs"
import { activityBarItem } from "./lib/workbench.mjs"
import { viewContainerTitle } from "./lib/paths.mjs"

const call = (name, args) => ({ toolCalls: [{ name, arguments: args }] })
const reviewCommand = [
	"---",
	"description: Review a file for bugs",
	"argument-hint: <file>",
	"---",
	"Review $ARGUMENTS for bugs and list what you found.",
	"",
].join("\n")

/** Lets the test hold the model's answer until the Cairn view is hidden. */
function heldTurn(turn) {
	let release = () => {}
	const released = new Promise((resolve) => (release = resolve))
	return { turn: async () => (await released, turn), release: () => release() }
}

export async function runSlashCommandTests() {
	const question = heldTurn(
		call("ask_followup_question", {
			question: "Which file should I review next?",
			follow_up: [{ text: "lib.ts" }],
		}),
	)
	const session = await startEditorSession({
		name: "slash",
		scenario: [
			call("attempt_completion", { result: "Reviewed src/app.ts: no bugs found." }),
			question.turn,
		],
		prepareWorkspace: async (workspace) => {
			await mkdir(path.join(workspace, ".cairn", "commands"), { recursive: true })
			await writeFile(path.join(workspace, ".cairn", "commands", "review.md"), reviewCommand)
		},
	})
	const { model, page, sidebar, screenshot } = session
	const chatRequests = () => model.requests.filter((r) => r.route === "chat")
	const suite = createSuite("slash commands")

	suite.test(
		"/ opens the menu; picking review and adding an argument sends the command's prompt with it",
		async () => {
			await session.openCairn()
			const box = session.chatBox()
			await box.fill("/")
			const menu = sidebar().getByRole("listbox", { name: "Slash commands" })
			const review = menu.getByRole("option", { name: /\/review/ })
			await review.waitFor({ timeout: 10_000 })
			await menu.getByRole("option", { name: /\/new/ }).waitFor({ timeout: 5_000 })
			await screenshot("1-menu")
			await review.click()
			if ((await box.inputValue()) !== "/review ")
				throw new Error(`the box holds ${JSON.stringify(await box.inputValue())} after picking`)
			await sidebar().getByText("/review <file>: Review a file for bugs").waitFor({ timeout: 5_000 })
			await box.pressSequentially("src/app.ts")
			await box.press("Enter")
			await sidebar()
				.getByText("Reviewed src/app.ts: no bugs found.")
				.first()
				.waitFor({ timeout: 30_000 })
			const sent = JSON.stringify(chatRequests()[0]?.body ?? {})
			const expected =
				'<command name=\\"review\\" source=\\".cairn/commands/review.md\\">\\nReview src/app.ts for bugs and list what you found.\\n</command>'
			if (!sent.includes(expected))
				throw new Error(`the request did not carry the expanded command: ${sent.slice(0, 2000)}`)
			// The chat shows the command the person gave, its prompt folded.
			await sidebar().locator("summary", { hasText: "/review" }).waitFor({ timeout: 5_000 })
			await sidebar()
				.getByRole("region", { name: "Current task" })
				.getByText("/review src/app.ts")
				.waitFor({ timeout: 5_000 })
			await screenshot("2-sent")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"an ask while the Cairn view is hidden shows a notification whose Show Cairn button brings it back",
		async () => {
			const box = session.chatBox()
			await box.fill("what next?")
			await box.press("Enter")
			await eventually(() => chatRequests().length === 2, "the second request")
			// The model's answer is held until the sidebar shows the Explorer instead of Cairn.
			await page.locator('.activitybar a.action-label[aria-label^="Explorer"]').click()
			await session.chatBox().waitFor({ state: "hidden", timeout: 10_000 })
			question.release()
			// fade-in-done: the toast has finished sliding in, so the screenshot shows it whole.
			const toast = page.locator(".notifications-toasts .notification-fade-in-done", {
				hasText: "Cairn asks: Which file should I review next?",
			})
			await toast.waitFor({ timeout: 30_000 })
			await screenshot("3-notification")
			await toast.getByRole("button", { name: "Show Cairn" }).click()
			await sidebar().getByText("Which file should I review next?").first().waitFor({ timeout: 15_000 })
			await activityBarItem(page, viewContainerTitle).waitFor({ timeout: 5_000 })
		},
		{ timeoutMs: 60_000 },
	)

	return session.run(suite)
}
