import { editorOwnedSettings, userScopedSettings, type EditorSettings } from "@cairn/core"
import * as vscode from "vscode"

const section = "cairn"

/**
 * Cairn's part of settings.json. Command rules, hooks and the command timeout live there (the
 * core names which, `editorOwnedSettings`, and decides which a workspace may set), so people keep
 * them in their dotfiles; the Settings view writes changes back.
 */
export class VsCodeSettings implements EditorSettings {
	read(): { user: Record<string, unknown>; workspace: Record<string, unknown> } {
		const configuration = vscode.workspace.getConfiguration(section)
		const user: Record<string, unknown> = {}
		const workspace: Record<string, unknown> = {}
		for (const key of editorOwnedSettings) {
			const inspected = configuration.inspect(key)
			user[key] = inspected?.globalValue
			workspace[key] = inspected?.workspaceFolderValue ?? inspected?.workspaceValue
		}
		return { user, workspace }
	}

	async write(values: Record<string, unknown>): Promise<void> {
		const configuration = vscode.workspace.getConfiguration(section)
		for (const [key, value] of Object.entries(values)) {
			// A workspace's value of these is not used, so the person's change goes to their own settings.
			const target = (userScopedSettings as readonly string[]).includes(key)
				? vscode.ConfigurationTarget.Global
				: writeTarget(configuration.inspect(key))
			await configuration.update(key, value, target)
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
	// The person's own settings only: a repository must not send task history somewhere of its choosing.
	const value = vscode.workspace.getConfiguration(section).inspect<unknown>("storagePath")?.globalValue
	return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined
}

/** The task store is opened once; a new storage folder needs a window reload, so say so. */
export function offerReloadOnStorageChange(): vscode.Disposable {
	return vscode.workspace.onDidChangeConfiguration(async (event) => {
		if (!event.affectsConfiguration(`${section}.storagePath`)) return
		const reload = vscode.l10n.t("Reload Window")
		const choice = await vscode.window.showInformationMessage(
			vscode.l10n.t("Cairn uses the new storage folder after the window reloads."),
			reload,
		)
		if (choice === reload) await vscode.commands.executeCommand("workbench.action.reloadWindow")
	})
}

export function debugLoggingEnabled(): boolean {
	return vscode.workspace.getConfiguration(section).get<unknown>("debugLogging") === true
}
