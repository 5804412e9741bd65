import * as assert from "node:assert/strict"
import * as vscode from "vscode"
import { commandIds } from "../../ids"
import { writeWorkspaceFile } from "./support/workspaceFiles"

const snippet = "function greet(name) {\n\treturn `Hello, ${nmae}!`\n}\n"

suite("code actions", () => {
	const problems = vscode.languages.createDiagnosticCollection("cairn-test")
	suiteTeardown(() => problems.dispose())

	test("a problem offers Fix with Cairn, carrying the document, its lines and the problem", async () => {
		const uri = writeWorkspaceFile("notes/greet.txt", snippet)
		const document = await vscode.workspace.openTextDocument(uri)
		await vscode.extensions.getExtension("cairn-dev.cairn")?.activate()
		const problem = new vscode.Diagnostic(
			new vscode.Range(0, 9, 0, 14),
			"Cannot find name 'nmae'.",
			vscode.DiagnosticSeverity.Error,
		)
		problems.set(uri, [problem])

		// The problem reaches the workbench's marker service (where the light bulb reads it) a moment later.
		let actions: vscode.CodeAction[] = []
		let fix: vscode.CodeAction | undefined
		for (const deadline = Date.now() + 5000; fix === undefined && Date.now() < deadline;) {
			actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
				"vscode.executeCodeActionProvider",
				uri,
				problem.range,
			)
			fix = actions.find((action) => action.title === "Fix with Cairn")
			if (fix === undefined) await new Promise((resolve) => setTimeout(resolve, 100))
		}
		assert.ok(fix, `no "Fix with Cairn" among ${actions.map((action) => action.title).join(", ")}`)
		assert.equal(fix.kind?.value, vscode.CodeActionKind.QuickFix.value)
		assert.equal(fix.command?.command, commandIds.fixCode)
		const [target, lines, diagnostics] = fix.command?.arguments ?? []
		assert.equal(String(target), String(uri))
		assert.deepEqual([lines.start.line, lines.start.character, lines.end.line], [0, 0, 0])
		assert.equal(lines.end.character, document.lineAt(0).text.length)
		assert.equal(diagnostics[0].message, "Cannot find name 'nmae'.")
	})

	test("a selection offers Explain and Improve with Cairn, and no Fix without a problem", async () => {
		const uri = writeWorkspaceFile("notes/greet.txt", snippet)
		problems.clear()
		const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
			"vscode.executeCodeActionProvider",
			uri,
			new vscode.Range(0, 0, 1, 0),
		)
		const titles = actions.map((action) => action.title)
		assert.ok(titles.includes("Explain with Cairn"), titles.join(", "))
		assert.ok(titles.includes("Improve with Cairn"), titles.join(", "))
		assert.ok(!titles.includes("Fix with Cairn"), titles.join(", "))
	})
})
