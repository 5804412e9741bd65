import type { Controller, IndexProgress } from "@cairn/core"
import * as vscode from "vscode"

/** Saves come in bursts (a formatter, a branch switch): one update after they settle. */
const settleMs = 2000

/** One notification's state; progress may arrive before VS Code has shown it. */
interface Notification {
	latest?: IndexProgress
	ended: boolean
	report?(progress: IndexProgress): void
	finish?(): void
}

/**
 * The editor's side of the codebase index: a cancellable progress notification while the index
 * is first built (later updates are quick and silent), and an update after files change.
 */
export function followCodebaseIndex(controller: () => Controller | undefined): {
	onProgress(progress: IndexProgress): void
	dispose(): void
} {
	let current: Notification | undefined
	let timer: NodeJS.Timeout | undefined
	const watcher = vscode.workspace.createFileSystemWatcher("**/*")
	const changed = () => {
		clearTimeout(timer)
		timer = setTimeout(() => void controller()?.codebaseIndex.sync(), settleMs)
	}
	const subscriptions = [
		watcher.onDidChange(changed),
		watcher.onDidCreate(changed),
		watcher.onDidDelete(changed),
	]

	const show = (state: Notification) =>
		vscode.window.withProgress(
			{
				location: vscode.ProgressLocation.Notification,
				title: vscode.l10n.t("Cairn: indexing the codebase"),
				cancellable: true,
			},
			(progress, token) =>
				new Promise<void>((resolve) => {
					if (state.ended) return resolve()
					token.onCancellationRequested(() => controller()?.codebaseIndex.cancel())
					let done = 0
					state.report = ({ processedFiles, totalFiles }) => {
						if (totalFiles === 0) return
						const percent = Math.floor((processedFiles / totalFiles) * 100)
						progress.report({
							increment: percent - done,
							message: vscode.l10n.t("{0} of {1} files", processedFiles, totalFiles),
						})
						done = percent
					}
					state.finish = resolve
					if (state.latest) state.report(state.latest)
				}),
		)

	const end = () => {
		if (current === undefined) return
		current.ended = true
		current.finish?.()
		current = undefined
	}

	return {
		onProgress(progress) {
			if (
				progress.phase === "scanning" &&
				current === undefined &&
				controller()?.codebaseIndex.isReady() === false
			) {
				current = { ended: false }
				void show(current)
			}
			if (current) {
				current.latest = progress
				current.report?.(progress)
			}
			if (progress.phase === "done" || progress.phase === "stopped") end()
		},
		dispose() {
			clearTimeout(timer)
			for (const subscription of subscriptions) subscription.dispose()
			watcher.dispose()
			end()
		},
	}
}
