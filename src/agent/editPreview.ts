import { writeApprovedFile, type EditSession, type ProposedEdit } from "@cairn/core"
import * as vscode from "vscode"
import { ProposalFileSystem } from "./proposalFileSystem"

const originalScheme = "cairn-original"
const proposalScheme = "cairn-proposal"

/**
 * Shows a proposed edit in VS Code's diff editor: the file as it is on the left (read-only),
 * Cairn's proposal on the right in an editable in-memory document. The real file is not touched
 * until the person approves in the chat; then whatever the right side holds (the proposal, or
 * what the person made of it) is saved. Rejecting closes the diff and leaves the file alone.
 */
export class EditPreviews implements vscode.TextDocumentContentProvider, vscode.Disposable {
	private readonly originals = new Map<string, string>()
	private readonly proposals = new ProposalFileSystem()
	private readonly registrations: vscode.Disposable[]
	private next = 0

	constructor() {
		this.registrations = [
			vscode.workspace.registerTextDocumentContentProvider(originalScheme, this),
			vscode.workspace.registerFileSystemProvider(proposalScheme, this.proposals, {
				isCaseSensitive: true,
			}),
		]
	}

	provideTextDocumentContent(uri: vscode.Uri): string {
		return this.originals.get(uri.toString()) ?? ""
	}

	async open(edit: ProposedEdit): Promise<EditSession> {
		// A folder per proposal keeps the file's own name (and so its language) in the tab.
		const folder = `/${++this.next}`
		const name = edit.absolutePath.split(/[\\/]/).pop() ?? "file"
		const left = vscode.Uri.from({ scheme: originalScheme, path: `${folder}/${name}` })
		const right = vscode.Uri.from({ scheme: proposalScheme, path: `${folder}/${name}` })
		this.originals.set(left.toString(), edit.original ?? "")
		this.proposals.put(right, edit.proposed)

		const title = `${edit.relativePath}: ${edit.original === undefined ? "new file" : "original ↔ Cairn's change"} (editable)`
		await vscode.commands.executeCommand("vscode.diff", left, right, title, {
			preview: true,
			preserveFocus: true,
		})

		const proposalDocument = () =>
			vscode.workspace.textDocuments.find((document) => document.uri.toString() === right.toString())
		const close = async () => {
			// Unsaved edits would make VS Code ask whether to save them when the tab closes; the
			// decision was already made in the chat, so settle the document first.
			const document = proposalDocument()
			if (document?.isDirty) await document.save()
			const tabs = vscode.window.tabGroups.all
				.flatMap((group) => group.tabs)
				.filter(
					(tab) =>
						tab.input instanceof vscode.TabInputTextDiff &&
						tab.input.modified.toString() === right.toString(),
				)
			if (tabs.length > 0) await vscode.window.tabGroups.close(tabs)
			this.originals.delete(left.toString())
			this.proposals.remove(right)
		}
		return {
			finalContent: async () =>
				proposalDocument()?.getText() ?? this.proposals.text(right) ?? edit.proposed,
			async save(content) {
				await writeApprovedFile(edit.absolutePath, content)
				await close()
			},
			discard: close,
		}
	}

	dispose(): void {
		for (const registration of this.registrations) registration.dispose()
		this.originals.clear()
	}
}
