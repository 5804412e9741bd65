import { filesWithContent, type RepositoryCode } from "@cairn/core"
import * as vscode from "vscode"

/** Names shown in the question, at most this many and this long: the file is the repository's, not ours. */
const maxNamesShown = 8
const maxNameLength = 60

/** The names the core read from the file, shortened: the file is the repository's, not ours. */
function listed(names: readonly string[]): string {
	const shown = names
		.slice(0, maxNamesShown)
		.map((name) => (name.length > maxNameLength ? `${name.slice(0, maxNameLength)}…` : name))
		.join(", ")
	const more = names.length - maxNamesShown
	return more > 0 ? vscode.l10n.t("{shown} and {count} more", { shown, count: more }) : shown
}

function prompt(code: RepositoryCode): { question: string; run: string } {
	switch (code.kind) {
		case "workspaceHooks":
			return {
				question: vscode.l10n.t(
					"This workspace's {file} runs shell commands around Cairn's tools. Run them?",
					{ file: code.file },
				),
				run: vscode.l10n.t("Run These Hooks"),
			}
		case "projectMcpServers": {
			const names = code.names ?? []
			return {
				question:
					names.length > 0
						? vscode.l10n.t(
								"This workspace wants to start MCP servers: {names} (from {file}). They run as programs on your machine or connect to the URLs given. Start them?",
								{ names: listed(names), file: code.file },
							)
						: vscode.l10n.t(
								"This workspace wants to start MCP servers (from {file}). They run as programs on your machine or connect to the URLs given. Start them?",
								{ file: code.file },
							),
				run: vscode.l10n.t("Start These Servers"),
			}
		}
		case "worktreeSetup":
			return {
				question: vscode.l10n.t(
					"This repository's {file} sets up each task's worktree: it copies files and links folders from your work tree, and runs commands there. Use it?",
					{ file: code.file },
				),
				run: vscode.l10n.t("Use This Setup"),
			}
		case "checkCommand":
			return {
				question: vscode.l10n.t(
					"Run checks runs this repository's test command in the task's worktree, outside the command sandbox (it is off or unavailable). Run it?",
				),
				run: vscode.l10n.t("Run the Checks"),
			}
	}
}

/**
 * Asks, in a modal that shows the file, whether a repository's code (its hooks, its MCP
 * servers) may run. A modal rather than a chat row: it can come mid-task, around a tool call
 * the chat may already be asking about, and nothing may go on until it is answered. Workspace
 * trust comes first: a restricted window runs none of the repository's code, and is not even asked.
 */
export async function askRepositoryConsent(code: RepositoryCode): Promise<boolean> {
	if (!vscode.workspace.isTrusted) return false
	const { question, run } = prompt(code)
	const files = filesWithContent(code)
	const covered =
		files.length === 0
			? ""
			: `\n\n${vscode.l10n.t("Your answer also covers the workspace files these run, and Cairn asks again if one of them changes: {files}", { files: listed(files) })}`
	const answer = await vscode.window.showWarningMessage(
		question,
		{
			modal: true,
			detail: `${code.content}${covered}\n\n${vscode.l10n.t("Cairn remembers your answer for this content and asks again if the file changes.")}`,
		},
		run,
	)
	return answer === run
}
