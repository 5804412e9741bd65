import path from "node:path"
import * as vscode from "vscode"

/** The editor's selection (or the line under the cursor) as a fenced block naming its file and lines. */
export function selectionAsContext(editor: vscode.TextEditor): string | undefined {
	const selection = editor.selection.isEmpty
		? editor.document.lineAt(editor.selection.active.line).range
		: editor.selection
	const text = editor.document.getText(selection)
	if (text.trim() === "") return undefined
	const folder = vscode.workspace.getWorkspaceFolder(editor.document.uri)
	const file = folder
		? path.relative(folder.uri.fsPath, editor.document.uri.fsPath)
		: editor.document.fileName
	const lines = `${selection.start.line + 1}-${selection.end.line + 1}`
	return `${file.split(path.sep).join("/")} (lines ${lines}):\n\`\`\`${editor.document.languageId}\n${text}\n\`\`\``
}
