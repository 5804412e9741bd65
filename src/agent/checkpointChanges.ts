import type { ChangesView } from "@cairn/core"
import * as vscode from "vscode"

const checkpointScheme = "cairn-checkpoint"

/**
 * Shows what changed since a checkpoint in VS Code's multi-file diff editor: each file as the
 * checkpoint kept it (read-only, from memory) against the file in the workspace now. Only the
 * latest view's contents are kept; opening another replaces them. A view goes out of date when
 * the files are restored to a checkpoint; it is closed then (see filesRestored).
 */
export class CheckpointChanges implements vscode.TextDocumentContentProvider, vscode.Disposable {
	private contents = new Map<string, string>()
	private readonly registration = vscode.workspace.registerTextDocumentContentProvider(
		checkpointScheme,
		this,
	)
	private next = 0
	/** The views opened: their titles, and the folder their files are in. */
	private opened: { title: string; root: string }[] = []

	provideTextDocumentContent(uri: vscode.Uri): string {
		return this.contents.get(uri.toString()) ?? ""
	}

	async show(view: ChangesView, workspaceRoot: string): Promise<void> {
		// The view's number keeps each view's documents apart; the path is the file's own, so the
		// editor shows the file's name and folder (and its language), not a rename from elsewhere.
		const query = String(++this.next)
		const contents = new Map<string, string>()
		const decoder = new TextDecoder()
		const resources = view.changes.map((change) => {
			const file = vscode.Uri.joinPath(vscode.Uri.file(workspaceRoot), change.relativePath)
			const kept = (side: string, bytes: Uint8Array | undefined) => {
				if (bytes === undefined) return undefined
				const uri = vscode.Uri.from({
					scheme: checkpointScheme,
					path: file.path,
					query: `${query}-${side}`,
				})
				contents.set(uri.toString(), decoder.decode(bytes))
				return uri
			}
			// A file the checkpoint did not have is added; one deleted since has no side after.
			const before = kept("before", change.before)
			const after = !change.existsNow ? undefined : (kept("after", change.after) ?? file)
			return [file, before, after] as const
		})
		this.contents = contents
		await vscode.commands.executeCommand("vscode.changes", view.title, resources)
		this.opened.push({ title: view.title, root: workspaceRoot })
	}

	/** The files under `root` were put back to a checkpoint: its views no longer say what changed. */
	async filesRestored(root: string): Promise<void> {
		const titles = this.opened.filter((view) => view.root === root).map((view) => view.title)
		this.opened = this.opened.filter((view) => view.root !== root)
		// The editor names the tab by the title and the count of files ("… (1 file)").
		const stale = vscode.window.tabGroups.all
			.flatMap((group) => group.tabs)
			.filter((tab) =>
				titles.some((title) => tab.label === title || tab.label.startsWith(`${title} (`)),
			)
		if (stale.length > 0) await vscode.window.tabGroups.close(stale)
	}

	dispose(): void {
		this.registration.dispose()
		this.contents.clear()
		this.opened = []
	}
}
