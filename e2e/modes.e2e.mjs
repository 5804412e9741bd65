// Modes in the real editor: the workspace's `.cairn/modes.yaml` brings a Reviewer mode; the
// person picks it from the chat box's mode picker and starts a task, and the model server sees a
// request in that mode (its role, no edit or command tools). The Modes view lists it as the
// workspace's.
import { mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { systemText } from "@cairn/model-server"
import { startEditorSession } from "./lib/editorSession.mjs"
import { createSuite } from "./lib/harness.mjs"

const modesFile = `customModes:
  - slug: reviewer
    name: Reviewer
    roleDefinition: You are Cairn, a strict code reviewer who never changes code.
    whenToUse: Reviewing a change without touching it.
    groups: [read]
`
const scenario = [{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Looks fine to me." } }] }]

export async function runModesTests() {
	const session = await startEditorSession({
		name: "modes",
		scenario,
		prepareWorkspace: (workspace) => {
			mkdirSync(path.join(workspace, ".cairn"), { recursive: true })
			writeFileSync(path.join(workspace, ".cairn", "modes.yaml"), modesFile)
		},
	})
	const { model, sidebar, screenshot } = session
	const suite = createSuite("modes")

	suite.test(
		"a workspace mode picked in the chat box runs the task with its role and only its tools",
		async () => {
			await session.openCairn()
			const picker = sidebar().getByRole("combobox", { name: "Mode" })
			await picker.waitFor({ timeout: 20_000 })
			await picker.selectOption({ label: "Reviewer (project)" })
			await sidebar()
				.locator('select[aria-label="Mode"][title="Reviewing a change without touching it."]')
				.waitFor({
					timeout: 10_000,
				})
			const box = session.chatBox()
			await box.fill("Review the last change")
			await box.press("Enter")
			await sidebar().getByText("Looks fine to me.").first().waitFor({ timeout: 30_000 })
			const request = model.requests.find((r) => r.route === "chat")
			const system = systemText(request?.body)
			if (!system.startsWith("You are Cairn, a strict code reviewer"))
				throw new Error(`the request was not in Reviewer mode: ${system.slice(0, 200)}`)
			const tools = (request?.body.tools ?? []).map((tool) => tool.function?.name ?? tool.name)
			for (const name of ["write_to_file", "execute_command"])
				if (tools.includes(name))
					throw new Error(`Reviewer mode was offered ${name}: ${tools.join(", ")}`)
			if (!tools.includes("read_file"))
				throw new Error(`Reviewer mode lacks read_file: ${tools.join(", ")}`)
			await screenshot("1-reviewer-task")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"the Modes view lists the workspace's mode apart from the built-in ones",
		async () => {
			await sidebar().getByRole("button", { name: "Modes" }).click()
			const workspace = sidebar().getByRole("region", { name: "This workspace (.cairn/modes.yaml)" })
			await workspace.getByRole("article", { name: "Reviewer" }).waitFor({ timeout: 10_000 })
			await sidebar()
				.getByRole("region", { name: "Built in" })
				.getByRole("article", { name: "Ask" })
				.waitFor()
			await screenshot("2-modes-view")
		},
		{ timeoutMs: 30_000 },
	)

	return session.run(suite)
}
