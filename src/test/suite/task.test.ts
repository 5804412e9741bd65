import * as assert from "node:assert/strict"
import { readFileSync } from "node:fs"
import path from "node:path"
import { lastToolResult, type ModelServer } from "@cairn/model-server"
import type { CairnAPI } from "@cairn/types"
import * as vscode from "vscode"
import { eventually } from "./support/eventually"
import { workspaceRoot, writeWorkspaceFile } from "./support/workspaceFiles"
import { cairnApi, call, chatRequests, done, nextEvent, startModel, useModel } from "./support/apiTestKit"

/** The text of the newest request's tool result (what the model was told about its last call). */
function toldModel(server: ModelServer): string {
	const request = chatRequests(server).at(-1)
	return (request && lastToolResult(request)) ?? "(no request)"
}

// A whole task through the real extension, its real VS Code host and the scripted model server:
// the editor's tabs and problems reach the model, the person edits a proposal in the diff
// editor before approving it, and a command runs in a VS Code terminal.
suite("a whole task in the real extension host", () => {
	let api: CairnAPI
	let server: ModelServer
	const problems = vscode.languages.createDiagnosticCollection("cairn-task-test")

	suiteSetup(async () => {
		api = await cairnApi()
		server = await startModel([
			call("write_to_file", { path: "notes/plan.md", content: "Step one\n" }),
			call("execute_command", { command: "echo from-the-terminal && (exit 4)" }),
			done("Planned and checked."),
		])
		await useModel(api, server)
	})

	suiteTeardown(async () => {
		problems.dispose()
		await api.clearCurrentTask()
		await server.close()
	})

	test("the open file and its problems are in the first request's environment details", async () => {
		const greet = writeWorkspaceFile("notes/greet.txt", "Hello,\nworld\n")
		await vscode.window.showTextDocument(greet)
		problems.set(greet, [
			new vscode.Diagnostic(
				new vscode.Range(1, 0, 1, 5),
				"Unexpected any",
				vscode.DiagnosticSeverity.Warning,
			),
		])
		const proposal = nextEvent(api, "taskInteractive")
		await api.startNewTask({ text: "Write a plan and check it" })
		await proposal
		const first = JSON.stringify(chatRequests(server)[0]?.body)
		assert.match(first, /# Open files\\nnotes\/greet\.txt/)
		assert.match(first, /notes\/greet\.txt:2.*Unexpected any/)
	})

	test("edits made to the proposal in the diff editor are saved and reported to the model", async () => {
		const document = await eventually(() =>
			vscode.workspace.textDocuments.find(
				(candidate) =>
					candidate.uri.scheme === "cairn-proposal" && candidate.uri.path.endsWith("/plan.md"),
			),
		)
		assert.ok(document, "the proposal did not open in an editor")
		assert.equal(document.getText(), "Step one\n")
		const edit = new vscode.WorkspaceEdit()
		edit.insert(document.uri, new vscode.Position(1, 0), "Step two\n")
		assert.ok(await vscode.workspace.applyEdit(edit), "the proposal could not be edited")

		const commandAsk = nextEvent(api, "taskInteractive")
		await api.pressPrimaryButton()
		await commandAsk
		const saved = readFileSync(path.join(workspaceRoot(), "notes/plan.md"), "utf8")
		assert.equal(saved, "Step one\nStep two\n")
		assert.match(toldModel(server), /The user edited your proposal before saving it/)
		assert.match(toldModel(server), /\+Step two/)
		const stillOpen = vscode.window.tabGroups.all
			.flatMap((group) => group.tabs)
			.some(
				(tab) =>
					tab.input instanceof vscode.TabInputTextDiff &&
					tab.input.modified.scheme === "cairn-proposal",
			)
		assert.equal(stillOpen, false, "the diff stayed open after approval")
	})

	test("an approved command runs in a Cairn terminal; its output and exit code reach the model", async () => {
		const completed = nextEvent(api, "taskCompleted")
		await api.pressPrimaryButton()
		await completed
		assert.ok(
			vscode.window.terminals.some((terminal) => terminal.name === "Cairn"),
			"no Cairn terminal was opened",
		)
		const result = lastToolResult(chatRequests(server)[2]!) ?? ""
		assert.match(result, /Failed with exit code 4/)
		assert.match(result, /from-the-terminal/)
		assert.equal(chatRequests(server).length, 3)
	})
})
