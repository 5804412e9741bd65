import { postToHost } from "../vscode"

/** The host asks the person for Roo's export (settings) or its storage folder (tasks), imports, and answers with `importReport`. */
export function importFromRoo(what: "settings" | "tasks"): void {
	postToHost({ type: "importFromRoo", what })
}
