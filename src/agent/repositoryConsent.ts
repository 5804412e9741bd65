import type { RepositoryCode } from "@cairn/core"
import * as vscode from "vscode"

/**
 * Asks, in a modal that shows the file, whether a repository's code (its hooks) may run. A
 * modal rather than a chat row: it comes mid-task, around a tool call the chat may already be
 * asking about, and nothing may go on until it is answered. Workspace trust comes first: a
 * restricted window runs none of the repository's code, and is not even asked.
 */
export async function askRepositoryConsent(code: RepositoryCode): Promise<boolean> {
	if (!vscode.workspace.isTrusted) return false
	const run = "Run These Hooks"
	const answer = await vscode.window.showWarningMessage(
		`This workspace's ${code.file} runs shell commands around Cairn's tools. Run them?`,
		{
			modal: true,
			detail: `${code.content}\n\nCairn remembers your answer for this content and asks again if the file changes.`,
		},
		run,
	)
	return answer === run
}
