import { postToHost } from "../vscode"

export function startIndexing(): void {
	postToHost({ type: "codebaseIndexControl", action: "start" })
}

export function stopIndexing(): void {
	postToHost({ type: "codebaseIndexControl", action: "stop" })
}

/** The key goes to the host's secret storage; the webview keeps no copy of it. */
export function saveCodebaseIndexKey(apiKey: string): void {
	postToHost({ type: "updateCodebaseIndexKey", apiKey })
}

export function removeCodebaseIndexKey(): void {
	postToHost({ type: "updateCodebaseIndexKey" })
}
