// The chat box's switchers in the real editor: two provider profiles (two model ids on the model
// server), a task started on the first, the API profile picker switched to the second while the
// task waits for an approval, and the next recorded request names the second model. The
// auto-approval bar turns Read on in place: the read after it runs without asking, as the two
// before it did not.
import { writeFileSync } from "node:fs"
import path from "node:path"
import { startEditorSession } from "./lib/editorSession.mjs"
import { eventually } from "./lib/eventually.mjs"
import { createSuite } from "./lib/harness.mjs"

const read = (file) => ({ toolCalls: [{ name: "read_file", arguments: { path: file } }] })
const scenario = [
	read("notes.txt"),
	read("todo.txt"),
	read("plan.txt"),
	{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Both files are read." } }] },
]

export async function runSwitchersTests() {
	const session = await startEditorSession({
		name: "switchers",
		scenario,
		prepareWorkspace: (workspace) => {
			writeFileSync(path.join(workspace, "notes.txt"), "Ship on Friday.\n")
			writeFileSync(path.join(workspace, "todo.txt"), "Write the changelog.\n")
			writeFileSync(path.join(workspace, "plan.txt"), "Release 2.0.\n")
		},
	})
	const { model, sidebar, screenshot } = session
	const chatModels = () =>
		model.requests.filter((r) => r.route === "chat").map((r) => r.body?.model ?? "(none)")
	const profilePicker = () => sidebar().getByRole("combobox", { name: "API profile" })
	const suite = createSuite("switchers")

	suite.test(
		"a second profile is made in Settings from the first, with another model",
		async () => {
			await session.openCairn()
			await sidebar().getByRole("button", { name: "Settings" }).click()
			const settings = sidebar().getByRole("main", { name: "Settings" })
			await settings.getByLabel("New profile from the current one").fill("Second")
			await settings.getByRole("button", { name: "Create" }).click()
			await settings.getByRole("listitem", { name: "Second" }).waitFor({ timeout: 15_000 })
			await settings.getByLabel("Model id", { exact: true }).fill("gpt-second")
			await settings.getByLabel("Model id", { exact: true }).press("Enter")
			await settings.getByText("openai · gpt-second").waitFor({ timeout: 15_000 })
			await screenshot("1-settings-profiles")
			await sidebar().getByRole("button", { name: "Chat" }).click()
			await profilePicker().waitFor({ timeout: 20_000 })
			const labels = await profilePicker().locator("option").allTextContents()
			if (labels.join("|") !== "gpt-4.1 · gpt-4.1|Second · gpt-second")
				throw new Error(`the picker lists ${labels.join(", ")}`)
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"switching the profile in the chat box mid-task sends the next request to the other model",
		async () => {
			await profilePicker().selectOption({ label: "gpt-4.1 · gpt-4.1" })
			await sidebar()
				.locator('select[aria-label="API profile"][title^="gpt-4.1:"]')
				.waitFor({ timeout: 10_000 })
			const box = session.chatBox()
			await box.fill("Read the notes and the todo list")
			await box.press("Enter")
			await sidebar().getByRole("button", { name: "Approve", exact: true }).waitFor({ timeout: 30_000 })
			await profilePicker().selectOption({ label: "Second · gpt-second" })
			await sidebar()
				.locator('select[aria-label="API profile"][title^="Second:"]')
				.waitFor({ timeout: 10_000 })
			await screenshot("2-profile")
			await sidebar().getByRole("button", { name: "Approve", exact: true }).click()
			await eventually(() => chatModels().length === 2, "the request after the approval")
			// The second read asks too: Read is not auto-approved yet.
			await sidebar().getByRole("button", { name: "Approve", exact: true }).waitFor({ timeout: 30_000 })
			const models = chatModels()
			if (models.join("|") !== "gpt-4.1|gpt-second")
				throw new Error(`the requests went to ${models.join(", ")}`)
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"the auto-approval bar turns Read on in place, and the next read runs without asking",
		async () => {
			const summary = sidebar().getByRole("button", { name: /^Auto-approval: / })
			if ((await summary.textContent()) !== "Auto-approval: off")
				throw new Error(`the bar says ${await summary.textContent()}`)
			await summary.click()
			const switches = sidebar().getByRole("group", { name: "Auto-approve" })
			await switches.getByRole("checkbox", { name: "Auto-approve" }).check()
			await switches.getByRole("checkbox", { name: "Read" }).check()
			await sidebar().getByRole("button", { name: "Auto-approval: Read" }).waitFor({ timeout: 10_000 })
			await screenshot("3-bar")
			// The second read asked before the switch was on; the third runs without anyone clicking.
			await sidebar().getByRole("button", { name: "Approve", exact: true }).click()
			await sidebar().getByText("Both files are read.").first().waitFor({ timeout: 30_000 })
			if (chatModels().length !== 4) throw new Error(`${chatModels().length} requests, not 4`)
			await screenshot("4-done")
		},
		{ timeoutMs: 60_000 },
	)

	return session.run(suite)
}
