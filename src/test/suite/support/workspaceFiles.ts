import * as assert from "node:assert/strict"
import { mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import * as vscode from "vscode"

export function workspaceRoot(): string {
	const folder = vscode.workspace.workspaceFolders?.[0]
	assert.ok(folder, "the test needs a workspace folder")
	return folder.uri.fsPath
}

/**
 * Writes a file of the test's own into the workspace (plain text, so no built-in language server
 * starts in this extension host for the test's sake).
 */
export function writeWorkspaceFile(relative: string, content: string): vscode.Uri {
	const file = path.join(workspaceRoot(), relative)
	mkdirSync(path.dirname(file), { recursive: true })
	writeFileSync(file, content)
	return vscode.Uri.file(file)
}
