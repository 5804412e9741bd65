import { mkdirSync } from "node:fs"
import { playwrightLauncher } from "../../browser/playwrightBrowser.js"
import { mkdir } from "node:fs/promises"
import path from "node:path"
import type {
	EditSession,
	Host,
	KeyValueStore,
	Logger,
	ProposedEdit,
	RunCommandOptions,
	RunningCommand,
	SecretStore,
	WorkspaceDiagnostic,
} from "../Host.js"
import type { ConsentAsker } from "../../consent/repositoryConsent.js"
import type { SandboxSupport } from "../../sandbox/sandboxPolicy.js"
import { writeFileAtomic } from "../../fs/atomicWrite.js"
import { fileEditSession } from "./fileEditSession.js"
import { FileSecretStore } from "./fileSecretStore.js"
import { FileStateStore } from "./fileStateStore.js"
import { runShellCommand, type ShellCommandSettings } from "./shellCommand.js"
import { createStderrLogger } from "./streamLogger.js"

export interface NodeHostOptions {
	workspaceRoot: string
	/** Created (mode 0700) when missing: it holds the secrets file. */
	storageDir: string
	logger?: Logger
	/** Shell and kill timings; the defaults suit people, tests shorten them. */
	commands?: ShellCommandSettings
	/** The bubblewrap binary for sandboxed commands; default `bwrap` on PATH. */
	bwrapPath?: string
	/** Unix sockets sandboxed commands must not reach, besides those bound when a command starts. */
	privateSockets?: string[]
	/** The home folder whose credential stores sandboxed commands cannot see; default the process's. */
	homeDir?: string
	/** Whether a repository's code may run (the CLI's --trust-workspace-hooks); absent: it does not. */
	askConsent?: ConsentAsker
}

/** The Host of the CLI and of headless tests: plain files, child processes, no editor. */
export class NodeHost implements Host {
	readonly workspaceRoot: string
	readonly storageDir: string
	readonly logger: Logger
	readonly secrets: SecretStore
	readonly state: KeyValueStore
	/** The storage dir is hidden from sandboxed commands anyway; nothing else is Cairn's here. */
	readonly commandSandbox: SandboxSupport
	readonly askConsent: ConsentAsker | undefined
	readonly browser = playwrightLauncher
	private readonly commandSettings: ShellCommandSettings
	private readonly running = new Set<RunningCommand>()

	constructor(options: NodeHostOptions) {
		this.workspaceRoot = path.resolve(options.workspaceRoot)
		this.storageDir = path.resolve(options.storageDir)
		this.logger = options.logger ?? createStderrLogger()
		this.commandSettings = options.commands ?? {}
		this.askConsent = options.askConsent
		this.commandSandbox = {
			bwrapPath: options.bwrapPath ?? "bwrap",
			privatePaths: [],
			privateSockets: options.privateSockets ?? [],
			...(options.homeDir !== undefined && { homeDir: options.homeDir }),
		}
		mkdirSync(this.storageDir, { recursive: true, mode: 0o700 })
		this.secrets = new FileSecretStore(this.storageDir, this.logger)
		this.state = new FileStateStore(this.storageDir, this.logger)
	}

	runCommand(command: string, options: RunCommandOptions): RunningCommand {
		this.logger.debug("Running a command", {
			command,
			cwd: options.cwd,
			sandboxed: options.sandbox !== undefined,
		})
		const running = runShellCommand(command, options, this.commandSettings)
		this.running.add(running)
		void running.done.then(() => this.running.delete(running))
		return running
	}

	previewEdit(edit: ProposedEdit): Promise<EditSession> {
		return Promise.resolve(fileEditSession(edit))
	}

	/** A terminal has no language services: there are no diagnostics to report. */
	diagnostics(): Promise<WorkspaceDiagnostic[]> {
		return Promise.resolve([])
	}

	/** A terminal has no open editors. */
	openFiles(): Promise<string[]> {
		return Promise.resolve([])
	}

	/** Without a save dialog, exports go to `<storageDir>/exports/`; the path is returned for the person. */
	async saveExport(suggestedName: string, markdown: string): Promise<string> {
		const target = path.join(this.storageDir, "exports", path.basename(suggestedName))
		await mkdir(path.dirname(target), { recursive: true })
		await writeFileAtomic(target, markdown)
		return target
	}

	/**
	 * Signals every running command's process group now, for a process that is exiting and can
	 * await nothing (a background command would otherwise outlive it: its group is its own).
	 */
	killCommandsNow(): void {
		for (const command of this.running) command.kill()
	}

	/** Ends every command still running, e.g. when the CLI exits; resolves when they are gone. */
	async dispose(): Promise<void> {
		const running = [...this.running]
		for (const command of running) command.kill()
		await Promise.all(running.map((command) => command.done))
	}
}
