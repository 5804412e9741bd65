// @-mentions in the real editor: typing "@" in the chat box opens the menu, what follows searches
// the workspace on the host, picking a file puts its mention in the text, and the model's request
// carries the file's content in a tagged block while the chat shows the text as typed. The
// built-in mentions' names are whole in the sidebar's menu, and a mention that cannot be included
// (@git-changes outside a git repository) is named on the person's message.
import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { startEditorSession } from "./lib/editorSession.mjs"
import { createSuite } from "./lib/harness.mjs"

const content = "export const greeting = 'hello from the mentioned file'\n"
const scenario = [
	{ toolCalls: [{ name: "attempt_completion", arguments: { result: "It greets." } }] },
	{ toolCalls: [{ name: "attempt_completion", arguments: { result: "No changes to show." } }] },
]

export async function runMentionTests() {
	const session = await startEditorSession({
		name: "mentions",
		scenario,
		prepareWorkspace: async (workspace) => {
			await mkdir(path.join(workspace, "src", "util"), { recursive: true })
			await writeFile(path.join(workspace, "src", "greeting.ts"), content)
			await writeFile(path.join(workspace, "src", "util", "strings.ts"), "export {}\n")
		},
	})
	const { model, sidebar, screenshot } = session
	const menu = () => sidebar().getByRole("listbox", { name: "Mentions" })
	const suite = createSuite("mentions")

	suite.test(
		"typing @ offers the workspace's files; the picked file reaches the model",
		async () => {
			await session.openCairn()
			const box = session.chatBox()
			await box.click()
			await box.pressSequentially("explain @greet")
			const option = menu().getByRole("option", { name: /greeting\.ts/ })
			await option.waitFor({ timeout: 15_000 })
			await screenshot("1-menu")
			await option.click()
			const typed = await box.inputValue()
			if (typed !== "explain @/src/greeting.ts ")
				throw new Error(`the pick put ${JSON.stringify(typed)} in the chat box`)
			await box.press("Enter")
			await sidebar().getByText("It greets.").first().waitFor({ timeout: 30_000 })
			const request = JSON.stringify(model.requests.find((r) => r.route === "chat")?.body ?? {})
			if (
				!request.includes('<file_content path=\\"src/greeting.ts\\">') ||
				!request.includes("hello from the mentioned file")
			)
				throw new Error("the model's request did not carry the mentioned file's content")
			// The chat shows the message as typed, not the blocks.
			await sidebar().getByText("explain @/src/greeting.ts").first().waitFor({ timeout: 5_000 })
			if ((await sidebar().getByText("hello from the mentioned file").count()) > 0)
				throw new Error("the chat shows the file's content")
			await screenshot("2-sent")
		},
		{ timeoutMs: 120_000 },
	)

	suite.test(
		"the menu's built-in mentions keep their names whole in the sidebar",
		async () => {
			const box = session.chatBox()
			await box.click()
			await box.fill("")
			await box.pressSequentially("@")
			for (const name of ["Problems", "Terminal", "Git changes"])
				await menu()
					.getByRole("option", { name: new RegExp(name) })
					.waitFor({ timeout: 15_000 })
			const cut = await menu().evaluate((list) =>
				[...list.querySelectorAll(".autocomplete-label")]
					.filter((label) => label.scrollWidth > label.clientWidth)
					.map((label) => label.textContent),
			)
			await screenshot("3-built-ins")
			if (cut.length > 0) throw new Error(`names cut short in the menu: ${cut.join(", ")}`)
			await box.press("Escape")
			await box.fill("")
		},
		{ timeoutMs: 45_000 },
	)

	suite.test(
		"a mention that cannot be included is told to the person on their message",
		async () => {
			// The workspace is no git repository.
			const box = session.chatBox()
			await box.fill("what changed? @git-changes ")
			await box.press("Enter")
			await sidebar().getByText("No changes to show.").first().waitFor({ timeout: 30_000 })
			const note = sidebar().getByRole("note").filter({ hasText: "Not included with your message" })
			await note.getByText(/no git changes could be read here/).waitFor({ timeout: 10_000 })
			await screenshot("4-left-out")
		},
		{ timeoutMs: 60_000 },
	)

	return session.run(suite)
}
