import { existsSync } from "node:fs"
import * as vscode from "vscode"

/** "Cairn: Show Agent Trace": opens the governed workspace's trace, or says why there is none. */
export async function showAgentTrace(traceFile: string): Promise<void> {
	if (!existsSync(traceFile)) {
		void vscode.window.showInformationMessage(
			"There is no agent trace in this workspace yet. Cairn writes .orchestration/agent_trace.jsonl " +
				"when it changes something in a governed workspace (one with .orchestration/active_intents.yaml).",
		)
		return
	}
	await vscode.window.showTextDocument(vscode.Uri.file(traceFile), { preview: false })
}
