import { terminalText, type TerminalOutput } from "@cairn/core"
import * as vscode from "vscode"

/** Output kept per terminal: a few screens, the latest. */
const keptChars = 60_000

/**
 * The recent output of every terminal whose shell reports its commands (VS Code's shell
 * integration), for `@terminal`. VS Code offers no way to read what a terminal already shows,
 * so the log listens from activation on: each command line and what it printed.
 *
 * Cairn's own commands are handed over by their runner, which reads their output from the
 * moment it starts them. Other commands are read from VS Code's start event on; a stream only
 * delivers what arrives after it is opened, so a command that prints at once and ends may
 * have its first output missed.
 */
export class TerminalOutputLog implements vscode.Disposable {
	private readonly output = new Map<vscode.Terminal, string>()
	private readonly ownCommands = new WeakSet<vscode.TerminalShellExecution>()
	private lastUsed: vscode.Terminal | undefined
	private readonly subscriptions: vscode.Disposable[]

	constructor() {
		this.subscriptions = [
			vscode.window.onDidStartTerminalShellExecution((event) => {
				if (this.ownCommands.has(event.execution)) return
				void this.record(event.terminal, event.execution)
			}),
			vscode.window.onDidCloseTerminal((terminal) => {
				this.output.delete(terminal)
				if (this.lastUsed === terminal) this.lastUsed = undefined
			}),
		]
	}

	/** The active terminal's output, else that of the terminal that last ran a command. */
	recent(): TerminalOutput | undefined {
		const active = vscode.window.activeTerminal
		const terminal = active !== undefined && this.output.has(active) ? active : this.lastUsed
		const raw = terminal === undefined ? undefined : this.output.get(terminal)
		if (terminal === undefined || raw === undefined) return undefined
		return { terminal: terminal.name, output: terminalText(raw).trimEnd() }
	}

	dispose(): void {
		for (const subscription of this.subscriptions) subscription.dispose()
		this.output.clear()
	}

	/** A command Cairn runs in `terminal`: returns where its runner hands over the output it reads. */
	ownCommand(terminal: vscode.Terminal, execution: vscode.TerminalShellExecution): (data: string) => void {
		this.ownCommands.add(execution)
		this.commandStarted(terminal, execution)
		return (data) => this.append(terminal, data)
	}

	private async record(terminal: vscode.Terminal, execution: vscode.TerminalShellExecution): Promise<void> {
		// read() must be called at once: output written before it is not replayed.
		const stream = execution.read()
		this.commandStarted(terminal, execution)
		try {
			for await (const data of stream) this.append(terminal, data)
		} catch {
			// The terminal closed while its command ran: what was read is kept.
		}
	}

	private commandStarted(terminal: vscode.Terminal, execution: vscode.TerminalShellExecution): void {
		this.lastUsed = terminal
		this.append(terminal, `$ ${execution.commandLine.value}\n`)
	}

	private append(terminal: vscode.Terminal, data: string): void {
		const text = (this.output.get(terminal) ?? "") + data
		this.output.set(terminal, text.length > keptChars ? text.slice(-keptChars) : text)
	}
}
