import type { ListedModel } from "@cairn/types"
import type { BrowserLauncher } from "../browser/browserLauncher.js"
import type { DemoHost } from "../demo/demoHost.js"
import type { RepositoryCode } from "../consent/repositoryConsent.js"
import type { SandboxPolicy, SandboxSupport } from "../sandbox/sandboxPolicy.js"

/**
 * Everything the core needs from the environment it runs in, and nothing more. The VS Code
 * extension and the CLI each implement it; the core never reaches past it to an editor.
 */
export interface Host {
	/** The folder the agent works in (absolute). */
	readonly workspaceRoot: string
	/** A folder the core may own for tasks, history and caches (absolute). */
	readonly storageDir: string
	/** API keys and other secrets; never written to settings, logs or task files. */
	readonly secrets: SecretStore
	/** Small persisted values such as settings. */
	readonly state: KeyValueStore
	readonly logger: Logger
	/**
	 * The editor's display language (a BCP 47 tag, VS Code's `env.language`); absent where there
	 * is no editor, and the locale of the environment says it instead (see personLanguage).
	 */
	readonly displayLanguage?: string
	runCommand(command: string, options: RunCommandOptions): RunningCommand
	/** Shows a proposed file change for review; the session lets the person edit it before it is saved. */
	previewEdit(edit: ProposedEdit): Promise<EditSession>
	/** Problems the editor knows about, for the environment details sent to the model. */
	diagnostics(): Promise<WorkspaceDiagnostic[]>
	/** Workspace-relative paths of the files open in the editor, the active one first. */
	openFiles(): Promise<string[]>
	/**
	 * The recent output of the person's active terminal, for an `@terminal` mention; undefined
	 * when no terminal output is known. Absent where there are no editor terminals (the CLI).
	 */
	recentTerminalOutput?(): Promise<TerminalOutput | undefined>
	/** The editor's chat models (VS Code's Language Model API), for the model picker; absent outside an editor. */
	languageModels?(): Promise<ListedModel[]>
	/** Lets the person pick images (as data URIs); absent where there is no picker (a terminal). */
	selectImages?(): Promise<string[]>
	/**
	 * Asks the person for a file or folder to import from another tool: a Roo Code settings export
	 * (a file), or Roo's task storage (a folder; `defaultFolder` is the one found on this machine).
	 * Undefined when they cancel; absent where there is no picker (the CLI takes a path).
	 */
	pickImportSource?(what: "rooSettings" | "rooTasks", defaultFolder?: string): Promise<string | undefined>
	/**
	 * Asks the person for a fleet run's results folder (`cairn run --results <folder>`); undefined
	 * when they cancel; absent where there is no picker (the CLI has `cairn results`).
	 */
	pickResultsFolder?(): Promise<string | undefined>
	/** Offers an exported task (markdown) to the person; returns where it was saved, if it was. */
	saveExport?(suggestedName: string, markdown: string): Promise<string | undefined>
	/**
	 * Shows file changes side by side (VS Code's multi-file diff view): each file's content at a
	 * checkpoint against the file in the workspace now. Absent where there is no diff view (a
	 * terminal); clients there get the unified diff instead.
	 */
	showChanges?(view: ChangesView): Promise<void>
	/**
	 * The files under `root` were just put back to a checkpoint: views of their changes opened
	 * by showChanges no longer say what changed (the host closes or refreshes them).
	 */
	filesRestored?(root: string): Promise<void>
	/**
	 * Opens a file in the editor for the person (an MCP config file, a path in a row), at a line
	 * when given (1-based); absent where there is no editor.
	 */
	openFile?(absolutePath: string, line?: number): Promise<void>
	/** Settings the person keeps in the editor's own settings file; absent where there is none. */
	readonly editorSettings?: EditorSettings
	/** How this host runs commands in the OS sandbox; absent where it cannot. */
	readonly commandSandbox?: SandboxSupport
	/**
	 * Asks the person whether code a repository brings (its hooks) may run, showing it. Absent
	 * where nobody can be asked: that code then does not run (the CLI passes a flag instead).
	 */
	askConsent?(code: RepositoryCode): Promise<boolean>
	/** Starts the headless browser browser_action drives; absent where none can run. */
	readonly browser?: BrowserLauncher
	/** Cairn's demo: its scripted model and sample project (see demo/); absent where it cannot run. */
	readonly demo?: DemoHost
}

/**
 * Some settings belong in the editor's settings file (VS Code's settings.json), where people
 * share them per workspace and in dotfiles. There they are the source of truth: they override
 * what Cairn stores, and changing them in Cairn's Settings view writes them back there.
 */
export interface EditorSettings {
	/**
	 * The settings file's values, unvalidated (the core validates them field by field and decides
	 * which a workspace may set): the person's own (user) values and the open workspace's.
	 */
	read(): { user: Record<string, unknown>; workspace: Record<string, unknown> }
	/** Writes changed values back to the settings file. */
	write(values: Record<string, unknown>): Promise<void>
	/** Called whenever the person changes one of these settings in the editor. */
	onDidChange(listener: () => void): { dispose(): void }
}

export interface SecretStore {
	get(key: string): Promise<string | undefined>
	set(key: string, value: string): Promise<void>
	delete(key: string): Promise<void>
}

export interface KeyValueStore {
	get(key: string): Promise<unknown>
	set(key: string, value: unknown): Promise<void>
}

export interface Logger {
	debug(message: string, details?: Record<string, unknown>): void
	info(message: string, details?: Record<string, unknown>): void
	warn(message: string, details?: Record<string, unknown>): void
	error(message: string, details?: Record<string, unknown>): void
}

export interface RunCommandOptions {
	/** Absolute working directory. */
	cwd: string
	/** Called with output as it arrives (stdout and stderr interleaved as the terminal shows them). */
	onOutput: (chunk: string) => void
	/** Kill the command after this long; undefined waits forever. */
	timeoutMs?: number
	env?: Record<string, string>
	/**
	 * Names (or `PREFIX_*`) of variables the person passes on to commands (the
	 * `commandEnvironment` setting): outside the sandbox they keep these even when the names look
	 * like credentials (see sandbox/commandEnvironment.ts). A sandboxed command's environment is
	 * its policy's.
	 */
	passedVariables?: readonly string[]
	/**
	 * Run the command in the OS sandbox under this policy. The host runs it as a child process
	 * (never in a terminal, whose shell the sandbox could not contain).
	 */
	sandbox?: SandboxPolicy
	/**
	 * No person approved this line: the command analyser did (or the CLI's -y), reading it as bash
	 * reads it. Run it with a non-interactive bash, never in a terminal or the person's own shell,
	 * whose aliases, history expansion (`!touch`) or other grammar (zsh's `=touch`) would run
	 * something the analyser never saw.
	 */
	asAnalysed?: boolean
	/**
	 * It runs on in the background while the task goes on (a server, a watcher). The host runs it
	 * as a child process in a process group of its own, never in a terminal: stopping it must end
	 * everything it started, and a terminal's Ctrl+C reaches only the shell's foreground job.
	 */
	background?: boolean
}

export interface RunningCommand {
	/** Settles when the process has exited (or was killed). */
	readonly done: Promise<CommandExit>
	/** Ends the command and the processes it started. */
	kill(): void
}

export interface CommandExit {
	/** undefined when killed by a signal, or when a terminal could not tell. */
	exitCode: number | undefined
	signal?: string
	timedOut: boolean
	/**
	 * Protected paths (see workspace/protectedPaths.ts) a sandboxed command created where none
	 * existed. The sandbox cannot keep a new file from being made without leaving a stand-in
	 * in the workspace, so it moves these out of the workspace once the command has ended.
	 */
	createdProtected?: string[]
}

export interface ProposedEdit {
	/**
	 * Absolute path of the file with symlinks resolved, as approved: saving refuses when the
	 * path no longer leads there (`writeApprovedFile`).
	 */
	absolutePath: string
	/** Workspace-relative path, for titles. */
	relativePath: string
	/** The file's content now; undefined when the file does not exist yet. */
	original: string | undefined
	proposed: string
}

export interface EditSession {
	/**
	 * The content to save: the proposal, or what the person made of it in the editor before
	 * approving. A host without an editor returns the proposal unchanged.
	 */
	finalContent(): Promise<string>
	/** Writes `content` to the file (through `writeApprovedFile`) and closes the preview. */
	save(content: string): Promise<void>
	/** Closes the preview and leaves the file as it was. */
	discard(): Promise<void>
}

export interface WorkspaceDiagnostic {
	/** Workspace-relative path. */
	path: string
	line: number
	severity: "error" | "warning" | "info" | "hint"
	message: string
	source?: string
}

export interface TerminalOutput {
	/** The terminal's name, as its tab shows it. */
	terminal: string
	/** Its latest output, oldest first, escape sequences removed. */
	output: string
}

export interface ChangesView {
	/** The diff editor's title, e.g. "Changes since checkpoint 1a2b3c4". */
	title: string
	changes: FileChangeView[]
	/**
	 * The folder the paths are relative to, whose files are shown as they are now: the workspace
	 * when absent (a task's worktree otherwise).
	 */
	root?: string
}

export interface FileChangeView {
	/** Workspace-relative, "/"-separated. */
	relativePath: string
	/** The file's bytes at the checkpoint; undefined when it did not exist then. */
	before: Uint8Array | undefined
	/** False when the file no longer exists in the workspace (it was deleted since). */
	existsNow: boolean
	/**
	 * The file's bytes where the view ends, when that is a checkpoint rather than the workspace
	 * now (an earlier task's changes end where the next task began); `existsNow` then says
	 * whether it existed there.
	 */
	after?: Uint8Array
}
