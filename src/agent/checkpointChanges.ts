import type { ChangesView } from "@cairn/core"
import * as vscode from "vscode"

const checkpointScheme = "cairn-checkpoint"

/**
 * Shows what changed since a checkpoint in VS Code's multi-file diff editor: each file as the
 * checkpoint kept it (read-only, from memory) against the file in the workspace now. Only the
 * latest view's contents are kept; opening another replaces them.
 */
export class CheckpointChanges implements vscode.TextDocumentContentProvider, vscode.Disposable {
	private contents = new Map<string, string>()
	private readonly registration = vscode.workspace.registerTextDocumentContentProvider(
		checkpointScheme,
		this,
	)
	private next = 0

	provideTextDocumentContent(uri: vscode.Uri): string {
		return this.contents.get(uri.toString()) ?? ""
	}

	async show(view: ChangesView, workspaceRoot: string): Promise<void> {
		// A folder per view keeps each file's own name (and so its language) in the tabs.
		const folder = `/${++this.next}`
		const contents = new Map<string, string>()
		const decoder = new TextDecoder()
		const resources = view.changes.map((change) => {
			const file = vscode.Uri.joinPath(vscode.Uri.file(workspaceRoot), change.relativePath)
			const before = vscode.Uri.from({
				scheme: checkpointScheme,
				path: `${folder}/${change.relativePath}`,
			})
			contents.set(before.toString(), change.before === undefined ? "" : decoder.decode(change.before))
			const after = change.existsNow
				? file
				: vscode.Uri.from({
						scheme: checkpointScheme,
						path: `${folder}/deleted/${change.relativePath}`,
					})
			if (!change.existsNow) contents.set(after.toString(), "")
			return [file, before, after] as const
		})
		this.contents = contents
		await vscode.commands.executeCommand("vscode.changes", view.title, resources)
	}

	dispose(): void {
		this.registration.dispose()
		this.contents.clear()
	}
}
