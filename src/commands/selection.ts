import path from "node:path"
import * as vscode from "vscode"

/** The editor's selection (or the line under the cursor) as context for a message. */
export function selectionAsContext(editor: vscode.TextEditor): string | undefined {
	const selection = editor.selection.isEmpty
		? editor.document.lineAt(editor.selection.active.line).range
		: editor.selection
	return codeAsContext(editor.document, selection)
}

/**
 * A range of a document as a fenced block naming its file and lines, followed by the problems
 * the editor reports there (for "Fix"), so the model sees exactly what the person sees.
 */
export function codeAsContext(
	document: vscode.TextDocument,
	range: vscode.Range,
	diagnostics: readonly vscode.Diagnostic[] = [],
): string | undefined {
	const text = document.getText(range)
	if (text.trim() === "") return undefined
	const folder = vscode.workspace.getWorkspaceFolder(document.uri)
	const file = (folder ? path.relative(folder.uri.fsPath, document.uri.fsPath) : document.fileName)
		.split(path.sep)
		.join("/")
	const lines = `${range.start.line + 1}-${range.end.line + 1}`
	// The person's message, in their language: the chat shows it as theirs, the model reads it too.
	const where = vscode.l10n.t("{file} (lines {lines}):", { file, lines })
	const code = `${where}\n\`\`\`${document.languageId}\n${text}\n\`\`\``
	if (diagnostics.length === 0) return code
	const problems = diagnostics.map((d) =>
		vscode.l10n.t("- line {line}: {problem}", {
			line: d.range.start.line + 1,
			problem: `${d.message}${d.source === undefined ? "" : ` (${d.source})`}`,
		}),
	)
	return `${code}\n\n${vscode.l10n.t("Problems reported there:")}\n${problems.join("\n")}`
}
