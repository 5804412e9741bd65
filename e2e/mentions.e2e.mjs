// @-mentions in the real editor: typing "@" in the chat box opens the menu, what follows searches
// the workspace on the host, picking a file puts its mention in the text, and the model's request
// carries the file's content in a tagged block while the chat shows the text as typed.
import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { startEditorSession } from "./lib/editorSession.mjs"
import { createSuite } from "./lib/harness.mjs"

const content = "export const greeting = 'hello from the mentioned file'\n"
const scenario = [{ toolCalls: [{ name: "attempt_completion", arguments: { result: "It greets." } }] }]

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

	return session.run(suite)
}
