import type { EditorSettings } from "../host/Host.js"
import { NodeHost } from "../host/node/NodeHost.js"

/** Stands in for VS Code's settings.json: the editor itself cannot run under vitest. */
export class SettingsFile implements EditorSettings {
	/** The user's settings.json. */
	values: Record<string, unknown> = {}
	/** The workspace's .vscode/settings.json. */
	workspaceValues: Record<string, unknown> = {}
	private readonly listeners = new Set<() => void>()
	read = () => ({ user: { ...this.values }, workspace: { ...this.workspaceValues } })
	async write(values: Record<string, unknown>) {
		this.values = { ...this.values, ...values }
		this.changed()
	}
	onDidChange(listener: () => void) {
		this.listeners.add(listener)
		return { dispose: () => this.listeners.delete(listener) }
	}
	changed() {
		for (const listener of this.listeners) listener()
	}
}

/** A NodeHost whose editor has a settings file. */
export class EditorHost extends NodeHost {
	readonly editorSettings = new SettingsFile()
}
