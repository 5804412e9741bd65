import { existsSync } from "node:fs"
import * as vscode from "vscode"

/** "Cairn: Show Agent Trace": opens the governed workspace's trace, or says why there is none. */
export async function showAgentTrace(traceFile: string): Promise<void> {
	if (!existsSync(traceFile)) {
		void vscode.window.showInformationMessage(
			vscode.l10n.t(
				"There is no agent trace in this workspace yet. Cairn writes {0} when it changes something in a governed workspace (one with {1}).",
				".orchestration/agent_trace.jsonl",
				".orchestration/active_intents.yaml",
			),
		)
		return
	}
	await vscode.window.showTextDocument(vscode.Uri.file(traceFile), { preview: false })
}
