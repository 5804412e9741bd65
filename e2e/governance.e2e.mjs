// Governed mode in the real editor: a workspace with .orchestration/active_intents.yaml, a
// model that selects its intent and then writes outside the intent's owned scope. The sidebar
// shows the scope-violation ask with the intent and the path, the person approves it there, the
// file is written and traced, and "Cairn: Show Agent Trace" opens the trace.
import { cpSync, existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { startModelServer } from "@cairn/model-server"
import { launchBrowser } from "./lib/browser.mjs"
import { startCodeServer } from "./lib/codeServer.mjs"
import { createSuite } from "./lib/harness.mjs"
import { screenshotsDir, extensionId, repoRoot, viewContainerTitle, vsixPath } from "./lib/paths.mjs"
import { runCommand, openCairnWithProvider, webviewContent } from "./lib/workbench.mjs"

const governedFixture = path.join(repoRoot, "e2e/fixtures/governed-workspace")

export async function runGovernanceTests() {
	const model = await startModelServer({
		lifetimeMs: 300_000,
		scenario: [
			{ toolCalls: [{ name: "select_active_intent", arguments: { intent_id: "INT-001" } }] },
			{
				text: "I'll add the farewell next to the greeting.",
				toolCalls: [
					{
						name: "write_to_file",
						arguments: {
							path: "src/farewell.ts",
							content: "export const farewell = () => 'Bye'\n",
						},
					},
				],
			},
			{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Added src/farewell.ts." } }] },
		],
	})
	const server = await startCodeServer({ vsix: vsixPath, label: "code-server (governance tests)" })
	cpSync(governedFixture, server.dirs.workspace, { recursive: true })
	const { browser, context } = await launchBrowser()
	const page = await context.newPage()
	const screenshot = (name) => page.screenshot({ path: path.join(screenshotsDir, `${name}.png`) })
	const sidebar = () => webviewContent(page, extensionId)
	const written = path.join(server.dirs.workspace, "src/farewell.ts")
	const suite = createSuite("governance")

	suite.test(
		"a governed task selects its intent and asks before writing outside its scope",
		async () => {
			await openCairnWithProvider(page, {
				url: server.workspaceUrl(),
				viewTitle: viewContainerTitle,
				sidebar: sidebar(),
				baseURL: model.openaiBaseURL,
			})
			const box = sidebar().getByRole("textbox", { name: "Message to Cairn" })
			await box.waitFor({ timeout: 20_000 })
			await box.fill("Add a farewell function")
			await box.press("Enter")

			await sidebar()
				.getByText("Working on intent INT-001: Greeting wording")
				.waitFor({ timeout: 30_000 })
			const ask = sidebar().locator(".tool-row.awaiting", {
				hasText: "Cairn wants to change a file outside intent INT-001",
			})
			await ask.waitFor({ timeout: 30_000 })
			await ask.getByText("src/farewell.ts", { exact: true }).waitFor()
			await ask.getByText(/outside the owned scope of INT-001 \(src\/greet\.ts\)/).waitFor()
			const header = sidebar().getByRole("region", { name: "Current task" })
			await header.getByText("INT-001").waitFor()
			if (existsSync(written)) throw new Error("the file was written before the scope was approved")
			await screenshot("governance-scope-ask")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"approving the scope in the sidebar lets the write go on; it is written and traced",
		async () => {
			await sidebar().getByRole("button", { name: "Approve" }).click()
			// The write's own approval still follows: the scope was one question, the edit is another.
			await sidebar().getByText("Cairn wants to create a new file").waitFor({ timeout: 30_000 })
			await sidebar().getByRole("button", { name: "Approve" }).click()
			await sidebar().getByText("Added src/farewell.ts.").first().waitFor({ timeout: 30_000 })
			const content = readFileSync(written, "utf8")
			if (content !== "export const farewell = () => 'Bye'\n")
				throw new Error(`src/farewell.ts holds ${JSON.stringify(content)}`)
			const trace = readFileSync(
				path.join(server.dirs.workspace, ".orchestration/agent_trace.jsonl"),
				"utf8",
			)
			const [line] = trace
				.split("\n")
				.filter(Boolean)
				.map((l) => JSON.parse(l))
			if (line?.intent_id !== "INT-001" || line?.paths?.[0]?.path !== "src/farewell.ts")
				throw new Error(`unexpected trace: ${trace}`)
			await screenshot("governance-approved")
		},
		{ timeoutMs: 60_000 },
	)

	suite.test(
		'"Cairn: Show Agent Trace" opens the trace in an editor',
		async () => {
			await runCommand(page, "Cairn: Show Agent Trace")
			await page
				.locator(".tabs-container .tab", { hasText: "agent_trace.jsonl" })
				.waitFor({ timeout: 15_000 })
		},
		{ timeoutMs: 30_000 },
	)

	try {
		return await suite.run()
	} finally {
		await browser.close().catch(() => {})
		await server.stop()
		await model.close()
	}
}
