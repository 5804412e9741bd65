import * as vscode from "vscode"
import { commandIds } from "../ids"

const cairnRewrite = vscode.CodeActionKind.RefactorRewrite.append("cairn")

/**
 * Cairn in the light bulb: "Fix with Cairn" on the editor's problems, and "Explain" / "Improve"
 * on a selection. Each runs the same command as the palette, given the document, the lines and
 * the problems, so the task sees exactly what the person pointed at.
 */
export class CairnCodeActions implements vscode.CodeActionProvider {
	static readonly providedCodeActionKinds = [vscode.CodeActionKind.QuickFix, cairnRewrite]

	provideCodeActions(
		document: vscode.TextDocument,
		range: vscode.Range | vscode.Selection,
		context: vscode.CodeActionContext,
	): vscode.CodeAction[] {
		const actions: vscode.CodeAction[] = []
		const diagnostics = context.diagnostics
		if (diagnostics.length > 0) {
			// Whole lines read better than the diagnostic's exact columns.
			const covered = diagnostics.reduce((all, d) => all.union(d.range), range)
			const lines = new vscode.Range(
				covered.start.line,
				0,
				covered.end.line,
				document.lineAt(covered.end.line).text.length,
			)
			const fixTitle = vscode.l10n.t("Fix with Cairn")
			const fix = new vscode.CodeAction(fixTitle, vscode.CodeActionKind.QuickFix)
			fix.diagnostics = [...diagnostics]
			fix.command = {
				command: commandIds.fixCode,
				title: fixTitle,
				arguments: [document.uri, lines, [...diagnostics]],
			}
			actions.push(fix)
		}
		if (!range.isEmpty) {
			for (const [title, command] of [
				[vscode.l10n.t("Explain with Cairn"), commandIds.explainCode],
				[vscode.l10n.t("Improve with Cairn"), commandIds.improveCode],
			] as const) {
				const action = new vscode.CodeAction(title, cairnRewrite)
				action.command = { command, title, arguments: [document.uri, range] }
				actions.push(action)
			}
		}
		return actions
	}
}

export function registerCodeActions(): vscode.Disposable {
	return vscode.languages.registerCodeActionsProvider({ scheme: "file" }, new CairnCodeActions(), {
		providedCodeActionKinds: CairnCodeActions.providedCodeActionKinds,
	})
}
