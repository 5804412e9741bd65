import { stat } from "node:fs/promises"
import { writeFileAtomic, type EditSession, type ProposedEdit } from "@cairn/core"
import * as vscode from "vscode"

const scheme = "cairn-diff"

/**
 * Shows a proposed edit in VS Code's diff editor: the file as it is on the left, Cairn's
 * proposal on the right, both read-only documents served from memory. Approving in the chat
 * saves the proposal; rejecting closes the diff and leaves the file alone.
 */
export class EditPreviews implements vscode.TextDocumentContentProvider, vscode.Disposable {
	private readonly contents = new Map<string, string>()
	private readonly registration: vscode.Disposable
	private next = 0

	constructor() {
		this.registration = vscode.workspace.registerTextDocumentContentProvider(scheme, this)
	}

	provideTextDocumentContent(uri: vscode.Uri): string {
		return this.contents.get(uri.query) ?? ""
	}

	async open(edit: ProposedEdit): Promise<EditSession> {
		const id = String(++this.next)
		this.contents.set(`original-${id}`, edit.original ?? "")
		this.contents.set(`proposed-${id}`, edit.proposed)
		const left = vscode.Uri.from({ scheme, path: edit.absolutePath, query: `original-${id}` })
		const right = vscode.Uri.from({ scheme, path: edit.absolutePath, query: `proposed-${id}` })
		const title = `${edit.relativePath}: ${edit.original === undefined ? "new file" : "original ↔ Cairn's change"}`
		await vscode.commands.executeCommand("vscode.diff", left, right, title, {
			preview: true,
			preserveFocus: true,
		})
		const close = async () => {
			this.contents.delete(`original-${id}`)
			this.contents.delete(`proposed-${id}`)
			const tabs = vscode.window.tabGroups.all
				.flatMap((group) => group.tabs)
				.filter(
					(tab) =>
						tab.input instanceof vscode.TabInputTextDiff &&
						tab.input.modified.toString() === right.toString(),
				)
			if (tabs.length > 0) await vscode.window.tabGroups.close(tabs)
		}
		return {
			finalContent: () => Promise.resolve(edit.proposed),
			async save(content) {
				const mode = await stat(edit.absolutePath).then(
					(s) => s.mode & 0o777,
					() => undefined,
				)
				await writeFileAtomic(edit.absolutePath, content, {
					createFolder: true,
					...(mode !== undefined && { mode }),
				})
				await close()
			},
			discard: close,
		}
	}

	dispose(): void {
		this.registration.dispose()
		this.contents.clear()
	}
}
