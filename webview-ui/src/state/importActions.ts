import { postToHost } from "../vscode"

/** The host asks the person for Roo's export (settings) or its storage folder (tasks), imports, and answers with `importReport`. */
export function importFromRoo(what: "settings" | "tasks"): void {
	postToHost({ type: "importFromRoo", what })
}

/** Without `apply`, the host answers with what the workspace's .claude/settings.json would add; with it, adds it. */
export function importClaudeRules(apply: boolean): void {
	postToHost({ type: "importClaudeRules", apply })
}
