import {
	hasTerminalControlCharacter,
	runShellCommand,
	type CommandExit,
	type Logger,
	type RunCommandOptions,
	type RunningCommand,
	withheldVariables,
} from "@cairn/core"
import * as vscode from "vscode"
import { launchOnlyVariables } from "../api/launchEnvironment"
import { shellIntegrationWaitMs } from "./shellIntegrationWait"
import type { TerminalOutputLog } from "./terminalOutputLog"

/**
 * A terminal's shell is started by the editor, not by this extension host, with the editor's own
 * environment: deleting the launch-only variables here is not enough, so each is unset (`null`).
 */
const unsetLaunchOnly = Object.fromEntries(launchOnlyVariables.map((name) => [name, null]))

export interface TerminalCommandTimings {
	/** How long a new terminal gets to report shell integration before commands run as child processes. */
	integrationWaitMs: number
	/** How long an interrupted command (Ctrl+C) gets to end before its terminal is closed. */
	killGraceMs: number
	/** How long to keep reading output after the shell reported the command's end. */
	drainMs: number
}

/** The editor's shell and integration setting, as they are when Cairn's host starts. */
function defaultTimings(): TerminalCommandTimings {
	const enabled = vscode.workspace
		.getConfiguration("terminal.integrated.shellIntegration")
		.get<boolean>("enabled", true)
	return {
		integrationWaitMs: shellIntegrationWaitMs(vscode.env.shell, enabled),
		killGraceMs: 2_000,
		drainMs: 1_000,
	}
}

/**
 * Runs the agent's commands in VS Code terminals named "Cairn", where the person sees them and
 * can type into them, reading output and exit codes through shell integration. A shell without
 * integration (or a terminal that never reports it) makes commands run as child processes,
 * whose output is captured just as well, only out of the person's sight.
 */
export class TerminalCommands implements vscode.Disposable {
	private readonly idle = new Set<vscode.Terminal>()
	private readonly terminals = new Set<vscode.Terminal>()
	/** Set once a terminal failed to report shell integration: later commands do not wait for it again. */
	private integrationMissing = false
	private readonly closeWatch: vscode.Disposable

	constructor(
		private readonly logger: Logger,
		private readonly timings: TerminalCommandTimings = defaultTimings(),
		/** Where the commands' output is kept for `@terminal`. */
		private readonly outputLog?: TerminalOutputLog,
	) {
		this.closeWatch = vscode.window.onDidCloseTerminal((terminal) => {
			this.idle.delete(terminal)
			this.terminals.delete(terminal)
		})
	}

	/** Whether commands currently run in terminals (false after shell integration was missing). */
	get usesTerminals(): boolean {
		return !this.integrationMissing
	}

	run(command: string, options: RunCommandOptions): RunningCommand {
		// A line no person approved runs as the analyser read it (see asAnalysed). A terminal's line
		// editor reads a carriage return as Enter and runs what follows as a second command the
		// person never saw; a child process's shell sees the line as approved.
		// A background command must end whole when stopped (see RunCommandOptions.background).
		if (options.asAnalysed || options.background || hasTerminalControlCharacter(command))
			return runShellCommand(command, options)
		let killed = false
		let inner: RunningCommand | undefined
		const done = (async (): Promise<CommandExit> => {
			const terminal = await this.terminalFor(options)
			if (killed) {
				if (terminal) this.idle.add(terminal)
				return { exitCode: undefined, signal: "SIGINT", timedOut: false }
			}
			inner = terminal ? this.execute(terminal, command, options) : runShellCommand(command, options)
			return inner.done
		})()
		return {
			done,
			kill: () => {
				killed = true
				inner?.kill()
			},
		}
	}

	dispose(): void {
		this.closeWatch.dispose()
		for (const terminal of this.terminals) terminal.dispose()
		this.terminals.clear()
		this.idle.clear()
	}

	/** An idle Cairn terminal in the right folder, or a new one; undefined without shell integration. */
	private async terminalFor(options: RunCommandOptions): Promise<vscode.Terminal | undefined> {
		if (this.integrationMissing) return undefined
		if (options.env === undefined) {
			for (const terminal of this.idle) {
				if (terminal.shellIntegration?.cwd?.fsPath !== options.cwd) continue
				this.idle.delete(terminal)
				return terminal
			}
		}
		const terminal = vscode.window.createTerminal({
			name: "Cairn",
			cwd: options.cwd,
			iconPath: new vscode.ThemeIcon("terminal"),
			env: {
				// Nobody pages through output for the agent: a pager would wait for a key forever.
				PAGER: "cat",
				GIT_PAGER: "cat",
				// The same environment as a child process outside the sandbox gets: null unsets a variable.
				...Object.fromEntries(
					withheldVariables(process.env, options.passedVariables ?? []).map((name) => [name, null]),
				),
				...options.env,
				// The editor, not this host, starts the terminal: its environment still has the launch-only variables.
				...unsetLaunchOnly,
			},
		})
		this.terminals.add(terminal)
		terminal.show(true)
		if (await this.shellIntegrationOf(terminal)) return terminal
		this.integrationMissing = true
		this.logger.warn(
			"The terminal did not report shell integration; Cairn runs commands as child processes instead",
			{ waitedMs: this.timings.integrationWaitMs },
		)
		this.terminals.delete(terminal)
		terminal.dispose()
		return undefined
	}

	private shellIntegrationOf(terminal: vscode.Terminal): Promise<boolean> {
		if (terminal.shellIntegration) return Promise.resolve(true)
		return new Promise((resolve) => {
			const finish = (available: boolean) => {
				clearTimeout(timer)
				subscription.dispose()
				resolve(available)
			}
			const subscription = vscode.window.onDidChangeTerminalShellIntegration((event) => {
				if (event.terminal === terminal) finish(true)
			})
			const timer = setTimeout(() => finish(false), this.timings.integrationWaitMs)
		})
	}

	private execute(terminal: vscode.Terminal, command: string, options: RunCommandOptions): RunningCommand {
		const integration = terminal.shellIntegration
		if (integration === undefined) throw new Error("The terminal lost its shell integration")
		const execution = integration.executeCommand(command)
		// Reading must start right away: data written before read() is called is not replayed.
		const stream = execution.read()
		const logged = this.outputLog?.ownCommand(terminal, execution)
		const reading = (async () => {
			for await (const data of stream) {
				logged?.(data)
				const output = withoutShellIntegrationMarks(data)
				if (output !== "") options.onOutput(output)
			}
		})()

		let timedOut = false
		let interrupted = false
		let endCommand: (exitCode: number | undefined) => void = () => {}
		const ended = new Promise<number | undefined>((resolve) => (endCommand = resolve))
		const subscriptions = [
			vscode.window.onDidEndTerminalShellExecution((event) => {
				if (event.execution === execution) endCommand(event.exitCode)
			}),
			vscode.window.onDidCloseTerminal((closed) => {
				if (closed === terminal) endCommand(undefined)
			}),
		]
		let killTimer: NodeJS.Timeout | undefined
		const interrupt = () => {
			if (interrupted) return
			interrupted = true
			terminal.sendText("\x03", false)
			// A command that ignores Ctrl+C goes with its terminal (and the shell's process group).
			killTimer = setTimeout(() => terminal.dispose(), this.timings.killGraceMs)
		}
		const timeoutTimer =
			options.timeoutMs === undefined
				? undefined
				: setTimeout(() => {
						timedOut = true
						interrupt()
					}, options.timeoutMs)

		const done = ended.then(async (exitCode): Promise<CommandExit> => {
			clearTimeout(timeoutTimer)
			clearTimeout(killTimer)
			for (const subscription of subscriptions) subscription.dispose()
			await Promise.race([reading, delay(this.timings.drainMs)]).catch((error: unknown) =>
				this.logger.warn("Reading a command's terminal output failed", { error: String(error) }),
			)
			if (this.terminals.has(terminal)) this.idle.add(terminal)
			if (interrupted) return { exitCode: undefined, signal: "SIGINT", timedOut }
			return { exitCode, timedOut: false }
		})
		return { done, kill: interrupt }
	}
}

/** VS Code's own markers (OSC 633: command start, end, cwd) are for the terminal, not the transcript. */
// eslint-disable-next-line no-control-regex -- matching escape sequences is the point
const shellIntegrationMark = /\x1b\]633;[^\x07\x1b]*(?:\x07|\x1b\\)/g
const withoutShellIntegrationMarks = (data: string) => data.replace(shellIntegrationMark, "")

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
