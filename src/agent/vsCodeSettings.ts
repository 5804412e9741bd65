import { editorOwnedSettings, type EditorSettings } from "@cairn/core"
import * as vscode from "vscode"

const section = "cairn"

/**
 * Cairn's part of settings.json. Command rules and the command timeout live there (the core
 * names which: `editorOwnedSettings`), so a team can share them per workspace; the Settings
 * view writes changes back to the user's settings.
 */
export class VsCodeSettings implements EditorSettings {
	read(): Record<string, unknown> {
		const configuration = vscode.workspace.getConfiguration(section)
		return Object.fromEntries(editorOwnedSettings.map((key) => [key, configuration.get(key)]))
	}

	async write(values: Record<string, unknown>): Promise<void> {
		const configuration = vscode.workspace.getConfiguration(section)
		for (const [key, value] of Object.entries(values)) {
			await configuration.update(key, value, writeTarget(configuration.inspect(key)))
		}
	}

	onDidChange(listener: () => void): vscode.Disposable {
		return vscode.workspace.onDidChangeConfiguration((event) => {
			if (editorOwnedSettings.some((key) => event.affectsConfiguration(`${section}.${key}`))) listener()
		})
	}
}

/** Where a value must be written to take effect: where it is set now, most specific first. */
function writeTarget(
	inspected: ReturnType<vscode.WorkspaceConfiguration["inspect"]>,
): vscode.ConfigurationTarget {
	if (inspected?.workspaceFolderValue !== undefined) return vscode.ConfigurationTarget.WorkspaceFolder
	if (inspected?.workspaceValue !== undefined) return vscode.ConfigurationTarget.Workspace
	return vscode.ConfigurationTarget.Global
}

/** An absolute folder from `cairn.storagePath`, or undefined to use the extension's storage. */
export function customStoragePath(): string | undefined {
	const value = vscode.workspace.getConfiguration(section).get<unknown>("storagePath")
	return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined
}

/** The task store is opened once; a new storage folder needs a window reload, so say so. */
export function offerReloadOnStorageChange(): vscode.Disposable {
	return vscode.workspace.onDidChangeConfiguration(async (event) => {
		if (!event.affectsConfiguration(`${section}.storagePath`)) return
		const reload = "Reload Window"
		const choice = await vscode.window.showInformationMessage(
			"Cairn uses the new storage folder after the window reloads.",
			reload,
		)
		if (choice === reload) await vscode.commands.executeCommand("workbench.action.reloadWindow")
	})
}

export function debugLoggingEnabled(): boolean {
	return vscode.workspace.getConfiguration(section).get<unknown>("debugLogging") === true
}
