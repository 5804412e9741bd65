import { mkdirSync } from "node:fs"
import { readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import {
	type ChangesView,
	type EditSession,
	type Host,
	type KeyValueStore,
	type Logger,
	playwrightLauncher,
	type ProposedEdit,
	type RepositoryCode,
	type RunCommandOptions,
	runShellCommand,
	type RunningCommand,
	type SandboxSupport,
	type SecretStore,
	type TerminalOutput,
	type WorkspaceDiagnostic,
} from "@cairn/core"
import type { ListedModel } from "@cairn/types"
import * as vscode from "vscode"
import { editorChatModels } from "../languageModel/editorChatModels"
import type { CheckpointChanges } from "./checkpointChanges"
import type { EditPreviews } from "./editPreview"
import { askRepositoryConsent } from "./repositoryConsent"
import { TerminalCommands } from "./terminalCommands"
import { TerminalOutputLog } from "./terminalOutputLog"
import {
	customStoragePath,
	debugLoggingEnabled,
	offerReloadOnStorageChange,
	VsCodeSettings,
} from "./vsCodeSettings"

const severities: Record<vscode.DiagnosticSeverity, WorkspaceDiagnostic["severity"]> = {
	[vscode.DiagnosticSeverity.Error]: "error",
	[vscode.DiagnosticSeverity.Warning]: "warning",
	[vscode.DiagnosticSeverity.Information]: "info",
	[vscode.DiagnosticSeverity.Hint]: "hint",
}

function logger(channel: vscode.LogOutputChannel): Logger {
	const line = (message: string, details?: Record<string, unknown>) =>
		details === undefined ? message : `${message} ${JSON.stringify(details)}`
	return {
		// `cairn.debugLogging` shows debug lines without changing the channel's log level by hand.
		debug: (m, d) =>
			debugLoggingEnabled() ? channel.info(`[debug] ${line(m, d)}`) : channel.debug(line(m, d)),
		info: (m, d) => channel.info(line(m, d)),
		warn: (m, d) => channel.warn(line(m, d)),
		error: (m, d) => channel.error(line(m, d)),
	}
}

/** `cairn.storagePath` when it is an absolute folder; otherwise the extension's own storage. */
function storageFolder(context: vscode.ExtensionContext, log: Logger): string {
	const custom = customStoragePath()
	if (custom === undefined) return context.globalStorageUri.fsPath
	if (path.isAbsolute(custom)) return custom
	log.warn(`cairn.storagePath must be an absolute folder; "${custom}" is ignored`)
	void vscode.window.showWarningMessage(
		vscode.l10n.t('Cairn: the setting {setting} must be an absolute folder; "{value}" is ignored.', {
			setting: "cairn.storagePath",
			value: custom,
		}),
	)
	return context.globalStorageUri.fsPath
}

/**
 * The core's view of VS Code: the first workspace folder, the extension's global storage,
 * SecretStorage for keys, the diff editor for proposed edits, the editor's diagnostics and tabs.
 */
export class VsCodeHost implements Host {
	readonly workspaceRoot: string
	readonly storageDir: string
	readonly secrets: SecretStore
	readonly state: KeyValueStore
	readonly logger: Logger
	readonly editorSettings = new VsCodeSettings()
	readonly displayLanguage = vscode.env.language
	readonly browser = playwrightLauncher
	readonly commandSandbox: SandboxSupport
	private readonly running = new Set<RunningCommand>()
	private readonly storageWatch = offerReloadOnStorageChange()
	private readonly terminals: TerminalCommands
	private readonly terminalOutput = new TerminalOutputLog()

	constructor(
		context: vscode.ExtensionContext,
		channel: vscode.LogOutputChannel,
		private readonly previews: EditPreviews,
		private readonly checkpointChanges: CheckpointChanges,
	) {
		this.logger = logger(channel)
		this.storageDir = storageFolder(context, this.logger)
		this.terminals = new TerminalCommands(this.logger, undefined, this.terminalOutput)
		// Every extension's global storage, with VS Code's state database where SecretStorage keeps
		// the (encrypted) API keys: nothing a sandboxed command has any business reading.
		this.commandSandbox = {
			bwrapPath: "bwrap",
			privatePaths: [path.dirname(context.globalStorageUri.fsPath)],
			privateSockets: [],
		}
		// Without a folder open, the agent works in a scratch folder of its own, never the home folder.
		this.workspaceRoot =
			vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? path.join(this.storageDir, "scratch")
		mkdirSync(this.workspaceRoot, { recursive: true })
		this.secrets = {
			get: async (key) => context.secrets.get(key),
			set: async (key, value) => context.secrets.store(key, value),
			delete: async (key) => context.secrets.delete(key),
		}
		this.state = {
			get: async (key) => context.globalState.get(key),
			set: async (key, value) => context.globalState.update(key, value),
		}
	}

	/**
	 * In a "Cairn" terminal, except sandboxed commands: those run as child processes inside the
	 * sandbox, since a terminal's shell is the person's and runs outside it.
	 */
	runCommand(command: string, options: RunCommandOptions): RunningCommand {
		const running = options.sandbox
			? runShellCommand(command, options)
			: this.terminals.run(command, options)
		this.running.add(running)
		void running.done.then(() => this.running.delete(running))
		return running
	}

	previewEdit(edit: ProposedEdit): Promise<EditSession> {
		return this.previews.open(edit)
	}

	async diagnostics(): Promise<WorkspaceDiagnostic[]> {
		return vscode.languages.getDiagnostics().flatMap(([uri, diagnostics]) => {
			const relative = this.relative(uri)
			if (relative === undefined) return []
			return diagnostics.map((d) => ({
				path: relative,
				line: d.range.start.line + 1,
				severity: severities[d.severity],
				message: d.message,
				...(d.source !== undefined && { source: d.source }),
			}))
		})
	}

	async recentTerminalOutput(): Promise<TerminalOutput | undefined> {
		return this.terminalOutput.recent()
	}

	async languageModels(): Promise<ListedModel[]> {
		return editorChatModels()
	}

	async openFiles(): Promise<string[]> {
		const active = vscode.window.activeTextEditor?.document.uri
		const uris = vscode.window.tabGroups.all
			.flatMap((group) => group.tabs)
			.flatMap((tab) => (tab.input instanceof vscode.TabInputText ? [tab.input.uri] : []))
		const ordered = active
			? [active, ...uris.filter((uri) => uri.toString() !== active.toString())]
			: uris
		return [...new Set(ordered.flatMap((uri) => this.relative(uri) ?? []))]
	}

	async selectImages(): Promise<string[]> {
		const picked = await vscode.window.showOpenDialog({
			canSelectMany: true,
			openLabel: "Attach",
			filters: { Images: ["png", "jpg", "jpeg", "gif", "webp"] },
		})
		return Promise.all(
			(picked ?? []).slice(0, 20).map(async (uri) => {
				const extension = path.extname(uri.fsPath).slice(1).toLowerCase()
				const type = extension === "jpg" ? "jpeg" : extension
				return `data:image/${type};base64,${(await readFile(uri.fsPath)).toString("base64")}`
			}),
		)
	}

	askConsent(code: RepositoryCode): Promise<boolean> {
		return askRepositoryConsent(code)
	}

	showChanges(view: ChangesView): Promise<void> {
		return this.checkpointChanges.show(view, view.root ?? this.workspaceRoot)
	}

	filesRestored(root: string): Promise<void> {
		return this.checkpointChanges.filesRestored(root)
	}

	async openFile(absolutePath: string, line?: number): Promise<void> {
		const document = await vscode.workspace.openTextDocument(vscode.Uri.file(absolutePath))
		const at =
			line === undefined ? undefined : new vscode.Position(Math.min(line, document.lineCount) - 1, 0)
		await vscode.window.showTextDocument(document, {
			preview: false,
			...(at && { selection: new vscode.Range(at, at) }),
		})
	}

	async pickImportSource(
		what: "rooSettings" | "rooTasks",
		defaultFolder?: string,
	): Promise<string | undefined> {
		const settings = what === "rooSettings"
		const picked = await vscode.window.showOpenDialog({
			canSelectFiles: settings,
			canSelectFolders: !settings,
			canSelectMany: false,
			title: settings
				? vscode.l10n.t("The settings file Roo Code exported")
				: vscode.l10n.t("Roo Code's storage folder, its tasks folder or one task's folder"),
			openLabel: vscode.l10n.t("Import"),
			...(settings && { filters: { JSON: ["json"] } }),
			...(defaultFolder !== undefined && { defaultUri: vscode.Uri.file(defaultFolder) }),
		})
		return picked?.[0]?.fsPath
	}

	async pickResultsFolder(): Promise<string | undefined> {
		const picked = await vscode.window.showOpenDialog({
			canSelectFiles: false,
			canSelectFolders: true,
			canSelectMany: false,
			title: vscode.l10n.t("A fleet run's results folder (cairn run --results)"),
			openLabel: vscode.l10n.t("Open Report"),
			defaultUri: vscode.Uri.file(this.workspaceRoot),
		})
		return picked?.[0]?.fsPath
	}

	async saveExport(suggestedName: string, markdown: string): Promise<string | undefined> {
		const target = await vscode.window.showSaveDialog({
			defaultUri: vscode.Uri.file(path.join(this.workspaceRoot, suggestedName)),
			filters: { Markdown: ["md"] },
		})
		if (target === undefined) return undefined
		await writeFile(target.fsPath, markdown)
		return target.fsPath
	}

	dispose(): void {
		this.storageWatch.dispose()
		this.terminals.dispose()
		this.terminalOutput.dispose()
		for (const command of this.running) command.kill()
	}

	private relative(uri: vscode.Uri): string | undefined {
		if (uri.scheme !== "file") return undefined
		const relative = path.relative(this.workspaceRoot, uri.fsPath)
		return relative.startsWith("..") || path.isAbsolute(relative)
			? undefined
			: relative.split(path.sep).join("/")
	}
}
